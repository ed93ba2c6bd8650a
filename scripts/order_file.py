#!/usr/bin/env python3
"""Writes the link order of rondod's code from a profile of it.

Usage: order_file.py CALLGRIND_OUT BINARY LINK_MAP ORDER_FILE

CALLGRIND_OUT is a `valgrind --tool=callgrind --dump-instr=yes --compress-strings=no
--compress-pos=no` profile of BINARY, LINK_MAP the map lld wrote when it linked BINARY
(`-Map`, `--no-demangle`). Every input section of `.text` that ran at least one instruction
is named in ORDER_FILE by one symbol that only it defines, in the order of the binary: lld's
`--symbol-ordering-file` then puts those sections first, together, and the code a running
daemon touches fills a few pages instead of being spread over all of them.

A section none of whose symbols is unique (a helper defined under one name in many
objects) is named by that shared name when every section defining it is small, since lld
then moves them all; otherwise it is left out and counted.
"""

import bisect
import collections
import re
import sys

SMALL_SECTIONS = 16 * 1024  # bytes, all the sections one shared name moves together

# A line of lld's map: address, load address, size, alignment, then the name, indented by
# 1 space for an output section, 9 for an input section and 17 for a symbol.
MAP_LINE = re.compile(r"^\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+( +)(\S.*)$")
OUTPUT_SECTION, INPUT_SECTION = 1, 9


def executed_addresses(profile, binary_name):
    """The instruction addresses callgrind saw run in the object named binary_name."""
    addresses, current = set(), None
    with open(profile) as lines:
        for line in lines:
            if line.startswith("ob="):
                current = line[3:].strip()
            elif line.startswith("0x") and current and current.endswith(binary_name):
                addresses.add(int(line.split()[0], 16))
    return sorted(addresses)


def text_sections(link_map):
    """The input sections of `.text` as [address, size, name, symbols], and where each
    symbol name is defined: the sizes of the `.text` sections defining it, and how many
    definitions the whole map has."""
    sections, sizes, definitions = [], collections.defaultdict(list), collections.Counter()
    in_text, current = False, None
    with open(link_map) as lines:
        next(lines)
        for line in lines:
            entry = MAP_LINE.match(line)
            if not entry:
                continue
            address, size = int(entry.group(1), 16), int(entry.group(2), 16)
            depth, name = len(entry.group(3)), entry.group(4).strip()
            if depth == OUTPUT_SECTION:
                in_text, current = name == ".text", None
            elif depth == INPUT_SECTION:
                current = [address, size, name, []] if in_text else None
                if current:
                    sections.append(current)
            else:
                definitions[name] += 1
                if current:
                    current[3].append(name)
                    sizes[name].append(current[1])
    sections.sort()
    return sections, sizes, definitions


def representative(symbols, sizes, definitions):
    """A symbol that names this section alone, else a shared name whose sections are all
    small, else None."""
    unique = next((s for s in symbols if definitions[s] == 1), None)
    if unique:
        return unique
    return next(
        (s for s in symbols if definitions[s] == len(sizes[s]) and sum(sizes[s]) <= SMALL_SECTIONS),
        None,
    )


def main(profile, binary, link_map, order_file):
    sections, sizes, definitions = text_sections(link_map)
    starts = [s[0] for s in sections]
    ran = set()
    for address in executed_addresses(profile, binary.split("/")[-1]):
        i = bisect.bisect_right(starts, address) - 1
        if i >= 0 and address < sections[i][0] + sections[i][1]:
            ran.add(i)
    written, unnamed, unnamed_bytes = 0, 0, 0
    with open(order_file, "w") as out:
        for i in sorted(ran):
            name = representative(sections[i][3], sizes, definitions)
            if name:
                out.write(name + "\n")
                written += 1
            else:
                unnamed += 1
                unnamed_bytes += sections[i][1]
    ran_bytes = sum(sections[i][1] for i in ran)
    print(
        f"{len(ran)} of {len(sections)} code sections ran ({ran_bytes // 1024} KiB); "
        f"{written} named in {order_file}, {unnamed} without a name to order them by ({unnamed_bytes} bytes)"
    )
    if written == 0:
        sys.exit(f"no code of {binary} in {profile}: was it profiled?")


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    main(*sys.argv[1:])
