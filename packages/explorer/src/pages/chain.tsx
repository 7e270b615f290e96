/** The chain's governance: witnesses and votes, committee proposals, chain parameters. */
import { type Json, wallet } from "../api.js";
import { AddressLink, Facts, Failure, Loading, Section, Status, useLoad } from "../components.js";
import { grouped, time } from "../format.js";

export function WitnessesPage() {
  const [data, error] = useLoad(
    async () => ({
      witnesses: ((await wallet("listwitnesses")).witnesses ?? []) as Json[],
      next: (await wallet("getnextmaintenancetime")).num as number,
    }),
    [],
  );
  if (error) return <Failure error={error} />;
  if (!data) return <Loading />;
  const witnesses = [...data.witnesses].sort((a, b) => (b.voteCount ?? 0) - (a.voteCount ?? 0));
  const total = witnesses.reduce((sum, w) => sum + (w.voteCount ?? 0), 0);
  return (
    <>
      <h1>Witnesses and votes</h1>
      <p>
        Votes are counted at the next maintenance: <strong>{time(data.next)}</strong>.
      </p>
      <Section title={`${witnesses.length} witnesses`}>
        <table class="list" id="witnesses">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Witness</th>
              <th scope="col">Votes</th>
              <th scope="col">Share</th>
              <th scope="col">Produced</th>
              <th scope="col">Missed</th>
              <th scope="col">Active</th>
              <th scope="col">URL</th>
            </tr>
          </thead>
          <tbody>
            {witnesses.map((w, i) => (
              <tr key={w.address}>
                <td>{i + 1}</td>
                <td>
                  <AddressLink address={w.address} />
                </td>
                <td>{grouped(w.voteCount ?? 0)}</td>
                <td>{total > 0 ? `${(((w.voteCount ?? 0) / total) * 100).toFixed(2)}%` : "—"}</td>
                <td>{grouped(w.totalProduced ?? 0)}</td>
                <td>{grouped(w.totalMissed ?? 0)}</td>
                <td>
                  <Status ok={w.isJobs === true} text={w.isJobs ? "active" : "standby"} />
                </td>
                <td class="break">{w.url}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
    </>
  );
}

export function ProposalsPage() {
  const [proposals, error] = useLoad(
    async () => ((await wallet("listproposals")).proposals ?? []) as Json[],
    [],
  );
  if (error) return <Failure error={error} />;
  if (!proposals) return <Loading />;
  return (
    <>
      <h1>Committee proposals</h1>
      {proposals.length === 0 && <p class="muted">No proposal was made on this chain.</p>}
      {proposals.map((p) => (
        <Section key={p.proposal_id} title={`Proposal ${p.proposal_id}`}>
          <Facts
            rows={[
              [
                "State",
                <Status
                  ok={p.state !== "DISAPPROVED" && p.state !== "CANCELED"}
                  text={p.state ?? "PENDING"}
                />,
              ],
              ["Proposer", <AddressLink address={p.proposer_address} full />],
              [
                "Parameters",
                ((p.parameters ?? []) as Json[]).map((x) => `#${x.key} = ${x.value}`).join(", "),
              ],
              ["Created", time(p.create_time)],
              ["Expires", time(p.expiration_time)],
              [
                "Approvals",
                ((p.approvals ?? []) as string[]).length
                  ? (p.approvals as string[]).map((a) => <AddressLink key={a} address={a} />)
                  : "none",
              ],
            ]}
          />
        </Section>
      ))}
    </>
  );
}

export function ParametersPage() {
  const [params, error] = useLoad(
    async () => ((await wallet("getchainparameters")).chainParameter ?? []) as Json[],
    [],
  );
  if (error) return <Failure error={error} />;
  if (!params) return <Loading />;
  return (
    <>
      <h1>Chain parameters</h1>
      <Section title={`${params.length} parameters`}>
        <table class="list" id="parameters">
          <thead>
            <tr>
              <th scope="col">Parameter</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {params.map((p) => (
              <tr key={p.key}>
                <td>
                  <code>{p.key}</code>
                </td>
                <td>{p.value === undefined ? "0" : grouped(p.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
    </>
  );
}
