#!/usr/bin/env bash
# Builds java-tron 4.8.0's FullNode jar from java-tron's source with tronode's own Maven files
# (pom.xml beside this script: one module compiling java-tron's main sources together).
#   oracle/java-tron-build/build.sh <java-tron source tree at GreatVoyage-v4.8.0> [jar to write]
# The jar goes to ~/.cache/tronode-oracle/FullNode.jar unless told otherwise, where the oracle looks.
# Needs a JDK (17 works: the classes are built for Java 8) and Maven; dependencies from Maven Central.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 <java-tron source tree> [out.jar]" >&2; exit 2; }
src=$(realpath "$1")
out=${2:-$HOME/.cache/tronode-oracle/FullNode.jar}
here=$(dirname "$(realpath "$0")")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for m in common crypto protocol chainbase actuator consensus framework; do
  mkdir -p "$work/src/$m/src"
  cp -r "$src/$m/src/main" "$work/src/$m/src/"
done
cp "$src/lombok.config" "$work/src/"
# chainbase and framework both hold this class (Gradle's jar keeps one); one compilation takes one
rm "$work/src/chainbase/src/main/java/org/tron/core/db/accountstate/AccountStateEntity.java"
# overrides/ has a stand-in that starts without Sapling parameters when the tree lacks them
rm "$work/src/framework/src/main/java/org/tron/core/zen/ZksnarkInitService.java"
cp -r "$here/pom.xml" "$here/lombok.config" "$here/overrides" "$work/"
(cd "$work" && mvn -B -q -T 1 -DskipTests package)
mkdir -p "$(dirname "$out")"
cp "$work/target/FullNode.jar" "$out"
echo "built $out"
ls "$src/framework/src/main/resources/params/sapling-spend.params" > /dev/null 2>&1 ||
  echo "note: the tree has no params/sapling-spend.params: shielded proofs are unavailable in this jar"
