#!/usr/bin/env bash
# Turns a pack folder into one fuzz input (the format of fuzz/src/pack_input.rs):
# pack.toml, rules.toml, then ships, tactics, boards and missions files in
# turn, separated by form feeds, with empty pages where a kind has run out.
#
#   fuzz/make-seeds.sh PACK_FOLDER OUTPUT_FILE
set -euo pipefail

if [[ $# -ne 2 ]]; then
    echo "usage: $0 PACK_FOLDER OUTPUT_FILE" >&2
    exit 2
fi
pack=$1
output=$2

page() {
    if [[ -n $1 && -f $1 ]]; then
        if grep -q $'\f' "$1"; then
            echo "$1 holds a form feed, which would split it" >&2
            exit 1
        fi
        cat "$1"
    fi
    printf '\f'
}

declare -A files
rounds=0
for folder in ships tactics boards missions; do
    mapfile -t listed < <(find "$pack/$folder" -name '*.toml' -type f 2>/dev/null | LC_ALL=C sort)
    for index in "${!listed[@]}"; do
        files[$folder,$index]=${listed[$index]}
    done
    if (( ${#listed[@]} > rounds )); then
        rounds=${#listed[@]}
    fi
done

{
    page "$pack/pack.toml"
    page "$pack/rules.toml"
    for (( round = 0; round < rounds; round++ )); do
        for folder in ships tactics boards missions; do
            page "${files[$folder,$round]:-}"
        done
    done
} > "$output"

pages=$(( 2 + 4 * rounds ))
if (( pages > 64 )); then
    echo "warning: $pages pages; the fuzz target reads only the first 64" >&2
fi
