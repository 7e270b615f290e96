/** The explorer's shell: header with search and navigation, and a hash router over the pages. */
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { AddressPage } from "./pages/address.js";
import { BlockPage } from "./pages/block.js";
import { ParametersPage, ProposalsPage, WitnessesPage } from "./pages/chain.js";
import { Home } from "./pages/home.js";
import { TransactionPage } from "./pages/transaction.js";
import { searchTarget } from "./search.js";

function useRoute(): string {
  const [route, setRoute] = useState(location.hash.slice(1) || "/");
  useEffect(() => {
    const update = () => {
      setRoute(location.hash.slice(1) || "/");
      document.getElementById("main")?.focus();
    };
    addEventListener("hashchange", update);
    return () => removeEventListener("hashchange", update);
  }, []);
  return route;
}

function Page({ route }: { route: string }) {
  const [, page, arg] = /^\/([a-z]*)\/?(.*)$/.exec(route) ?? [];
  const key = decodeURIComponent(arg ?? "");
  switch (page) {
    case "block":
      return <BlockPage id={key} />;
    case "tx":
      return <TransactionPage id={key} />;
    case "address":
      return <AddressPage address={key} />;
    case "witnesses":
      return <WitnessesPage />;
    case "proposals":
      return <ProposalsPage />;
    case "parameters":
      return <ParametersPage />;
    case "":
      return <Home />;
    default:
      return <p role="alert">No such page.</p>;
  }
}

function Search() {
  const [missing, setMissing] = useState<string>();
  return (
    <form
      aria-label="Search the chain"
      onSubmit={async (event) => {
        event.preventDefault();
        const input = (event.currentTarget as HTMLFormElement).elements.namedItem("q") as HTMLInputElement;
        const target = await searchTarget(input.value);
        if (target) {
          setMissing(undefined);
          location.hash = target;
        } else setMissing(input.value);
      }}
    >
      <label for="q" class="visually-hidden">
        Search by transaction id, block number or id, or address
      </label>
      <input
        id="q"
        name="q"
        type="search"
        placeholder="txID, block number or id, address (T… or hex)"
        autocomplete="off"
      />
      <button type="submit">Search</button>
      {missing !== undefined && (
        <span class="error" role="alert">
          Nothing found for “{missing.slice(0, 70)}”
        </span>
      )}
    </form>
  );
}

function App() {
  const route = useRoute();
  useEffect(() => {
    document.title = `tronode explorer${route === "/" ? "" : ` — ${route.slice(1).split("/")[0]}`}`;
  }, [route]);
  return (
    <>
      <button type="button" class="skip" onClick={() => document.getElementById("main")?.focus()}>
        Skip to content
      </button>
      <header>
        <a class="brand" href="#/">
          tronode <span>explorer</span>
        </a>
        <nav aria-label="Sections">
          <a href="#/">Home</a>
          <a href="#/witnesses">Witnesses</a>
          <a href="#/proposals">Proposals</a>
          <a href="#/parameters">Parameters</a>
        </nav>
        <Search />
      </header>
      <main id="main" tabIndex={-1}>
        <Page route={route} />
      </main>
    </>
  );
}

render(<App />, document.getElementById("app")!);
