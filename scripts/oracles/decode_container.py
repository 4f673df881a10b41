#!/usr/bin/env python3
"""Independent NVVM container decoder, the reference side of the differential tests.

Written from docs/nvvm-container-facts.md, not from the Rust reader, so the two
can check each other. Prints one JSON object for one file; exit 1 on a malformed file.

    python3 decode_container.py FILE
"""
import json
import struct
import sys

MAGIC_CUDA = 0x7F4E43ED  # what CUDA 13.5 writes (bytes ED 43 4E 7F)
MAGIC_SEED = 0x7F4E5C7D  # the value in the seed description; no NVIDIA consumer accepts it
HEADER_MIN = 24
TAG_KEY = 99  # value = offset of the 4-byte payload key inside the blob region


class ContainerError(ValueError):
    pass


def _u16(data, off):
    return struct.unpack_from("<H", data, off)[0]


def _u32(data, off):
    return struct.unpack_from("<I", data, off)[0]


def _tags(data, start, end):
    """Parse the tag/value stream in [start, end); returns (entries, terminator offset or None)."""
    tags = []
    pos = start
    while pos + 2 <= end:
        tag = _u16(data, pos)
        if tag == 0:
            return tags, pos
        if pos + 4 > end:
            raise ContainerError(f"tag {tag} at {pos} is cut off by the tag area end {end}")
        value, wide, size = _u16(data, pos + 2), False, 4
        if value == 0xFFFF:  # escape: the real value is a u32 that follows
            if pos + 8 > end:
                raise ContainerError(f"wide tag {tag} at {pos} is cut off by the tag area end {end}")
            value, wide, size = _u32(data, pos + 4), True, 8
        tags.append({"tag": tag, "value": value, "wide": wide, "offset": pos})
        pos += size
    # Stream ended at the 0x10 boundary without a terminator; consumers accept that.
    return tags, None


def _payload_kind(payload, has_key_tag):
    if not payload:
        return "empty"
    if has_key_tag:
        return "encoded"
    if payload[:4] == b"\x42\x43\xc0\xde":
        return "bitcode"
    if payload[:4] == b"\xde\xc0\x17\x0b":
        return "bitcode-wrapper"
    return "unknown"


def decode(data):
    """Decode a container held in `data` (bytes) into the JSON-ready dict; raises ContainerError."""
    size = len(data)
    if size < HEADER_MIN:
        raise ContainerError(f"file is {size} bytes, shorter than the {HEADER_MIN}-byte header")
    magic = _u32(data, 0)
    if magic == MAGIC_CUDA:
        variant = "cuda"
    elif magic == MAGIC_SEED:
        variant = "seed"
    else:
        raise ContainerError(f"unknown magic 0x{magic:08x}")

    header_size, ir_level, field_order = _u16(data, 0x0C), _u16(data, 0x0E), "cuda"
    # The seed description swaps the two u16 fields. Only trust that order for the seed magic,
    # and only when the swap is the one that makes the header size plausible.
    if variant == "seed" and header_size < HEADER_MIN and ir_level >= HEADER_MIN:
        header_size, ir_level, field_order = ir_level, header_size, "seed"
    tag_end, blob_end = _u32(data, 0x10), _u32(data, 0x14)

    if header_size < HEADER_MIN:
        raise ContainerError(f"header size {header_size} < {HEADER_MIN}")
    if header_size > tag_end:
        raise ContainerError(f"header size {header_size} > tag area end {tag_end}")
    if tag_end > size:
        raise ContainerError(f"tag area end {tag_end} > file size {size}")
    if blob_end < tag_end:
        raise ContainerError(f"blob end {blob_end} < tag area end {tag_end}")
    if blob_end > size:
        raise ContainerError(f"blob end {blob_end} > file size {size}")

    tags, terminator = _tags(data, header_size, tag_end)
    blob = data[tag_end:blob_end]
    key_tags = [t for t in tags if t["tag"] == TAG_KEY]
    key = None
    if key_tags:
        off = key_tags[-1]["value"]  # duplicated tags: the last occurrence wins, as in nvJitLink
        if off + 4 <= len(blob):
            key = blob[off:off + 4].hex()

    return {
        "magic": f"0x{magic:08x}",
        "variant": variant,
        "version": {
            "container": [data[4], data[5]],
            "nvvm_ir": [data[6], data[7]],
            "nvvm_debug": [data[8], data[9]],
            "llvm": [data[10], data[11]],
        },
        "field_order": field_order,
        "header_size": header_size,
        "ir_level": ir_level,
        "tags": tags,
        "terminator": terminator,
        "blob": {"offset": tag_end, "len": blob_end - tag_end},
        "payload": {
            "offset": blob_end,
            "len": size - blob_end,
            "kind": _payload_kind(data[blob_end:], bool(key_tags)),
        },
        "key": key,
    }


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    with open(argv[1], "rb") as f:
        data = f.read()
    try:
        doc = decode(data)
    except ContainerError as e:
        print(f"error: {argv[1]}: {e}", file=sys.stderr)
        return 1
    print(json.dumps(doc, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
