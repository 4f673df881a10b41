#!/usr/bin/env python3
"""The questions of the `difields/` probe axis: every debug-info node kind × every field.

    .venv-oracles/bin/python scripts/probe/di_fields.py > scripts/probe/data/di-fields.json

The field names come from two places: the fields nvir's reader knows (LLVM 7.0.1 and LLVM 19,
`crates/llvm/src/ir/di_table.rs`) and the fields LLVM 22's reader takes (llvmlite 0.50 bundles
LLVM 22.1: each candidate name is tried on each kind, and a name its reader does not report as an
`invalid field` is one; the candidates are the identifier-like strings of its library plus the
names above). Each (kind, field) gets a value LLVM 22 takes on that kind (parsed and verified), or,
for a field LLVM 22 no longer reads, `0`. `axes.py` turns each into a module and libNVVM answers on
both paths; nothing here decides what libNVVM does.
"""
import json
import pathlib
import re
import subprocess
import sys

import llvmlite.binding as llvm

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from axes import di_module  # noqa: E402

# A minimal node of each kind (`None`: the field goes into the module's own !1 compile unit or !6
# subprogram, since a second one of those is refused for other reasons).
BASES = {
    "DILocation": "!DILocation(line: 1, scope: !6)",
    "DIGlobalVariableExpression": "!DIGlobalVariableExpression(var: !13, expr: !DIExpression())",
    "GenericDINode": "!GenericDINode(tag: DW_TAG_entry_point)",
    "DISubrange": "!DISubrange(count: 2)",
    "DIEnumerator": "!DIEnumerator(name: \"A\", value: 0)",
    "DIBasicType": "!DIBasicType(name: \"b\")",
    "DIDerivedType": "!DIDerivedType(tag: DW_TAG_pointer_type, baseType: !10)",
    "DICompositeType": "!DICompositeType(tag: DW_TAG_structure_type, name: \"S\")",
    "DISubroutineType": "!DISubroutineType(types: !{null})",
    "DIFile": "!DIFile(filename: \"b.c\", directory: \"/\")",
    "DICompileUnit": None,
    "DISubprogram": None,
    "DILexicalBlock": "distinct !DILexicalBlock(scope: !6, file: !2, line: 1)",
    "DILexicalBlockFile": "!DILexicalBlockFile(scope: !6, file: !2, discriminator: 0)",
    "DINamespace": "!DINamespace(scope: null)",
    "DIModule": "!DIModule(scope: null, name: \"m\")",
    "DITemplateTypeParameter": "!DITemplateTypeParameter(type: !10)",
    "DITemplateValueParameter": "!DITemplateValueParameter(type: !10, value: i32 1)",
    "DIGlobalVariable": "distinct !DIGlobalVariable(name: \"v\", scope: !1, type: !10)",
    "DILocalVariable": "!DILocalVariable(name: \"x\", scope: !6)",
    "DILabel": "!DILabel(scope: !6, name: \"l\", file: !2, line: 1)",
    "DIObjCProperty": "!DIObjCProperty(name: \"p\")",
    "DIImportedEntity": "!DIImportedEntity(tag: DW_TAG_imported_module, scope: !1)",
    "DIMacro": "!DIMacro(type: DW_MACINFO_define, name: \"X\")",
    "DIMacroFile": "!DIMacroFile(file: !2, nodes: !{})",
    "DICommonBlock": "!DICommonBlock(scope: !6, declaration: null, name: \"c\")",
    "DIStringType": "!DIStringType(name: \"s\")",
    "DIGenericSubrange": "!DIGenericSubrange(count: !DIExpression(), lowerBound: !DIExpression(), stride: !DIExpression())",
    "DISubrangeType": "!DISubrangeType(name: \"r\", baseType: !10)",
    "DIFixedPointType": "!DIFixedPointType(name: \"fx\", size: 32, encoding: DW_ATE_signed_fixed, kind: Binary)",
}
# The fields the module's own !1 and !6 already have.
OWN = {"DICompileUnit": "language: file: emissionKind:", "DISubprogram": "name: scope: file: type: unit: isDefinition:"}
VALUES = ["1", "0", "true", "\"x\"", "!10", "!2", "!6", "!1", "!{}", "!{!10}", "!DIExpression()", "null", "-1",
          "DW_TAG_base_type", "DW_TAG_member", "DW_TAG_array_type", "DW_TAG_imported_module", "DW_ATE_signed",
          "DIFlagPrototyped", "DISPFlagDefinition", "FullDebug", "None", "DW_LANG_C99", "DW_LNAME_C", "CSK_MD5",
          "DW_VIRTUALITY_virtual", "DW_CC_normal", "DW_MACINFO_define", "DW_APPLE_ENUM_KIND_Closed", "Binary",
          "i32 1"]
# Names LLVM's string merging may hide inside longer strings of the library.
EXTRA = ["bias", "stride", "factor", "numerator", "denominator", "column", "annotations", "file", "scope", "flags",
         "align", "value", "count", "nodes", "entity", "elements", "encoding", "offset", "types", "cc", "getter",
         "setter", "attributes", "declaration", "discriminator", "directory", "filename", "source",
         "checksum", "language", "producer", "dwoId", "sdk", "sysroot", "macros", "imports", "globals", "unit",
         "var", "expr", "arg", "header", "operands", "identifier", "virtuality", "defaulted",
         "isUnsigned", "upperBound", "lowerBound", "atomRank", "atomGroup", "rank", "allocated", "associated",
         "dataLocation", "specification", "apinotes", "isDecl"]


def parses(text):
    try:
        m = llvm.parse_assembly(text)
        m.verify()
        return ""
    except RuntimeError as e:
        return str(e)


def node_text(kind, extra):
    base = BASES[kind]
    if base is None:
        return None
    return base[:-1] + extra + ")" if base.endswith("()") else base[:-1] + ", " + extra + ")"


def module_for(kind, field, value):
    extra = f"{field}: {value}"
    if kind == "DICompileUnit":
        return di_module(cu_extra=", " + extra)
    if kind == "DISubprogram":
        return di_module(sp_extra=", " + extra)
    return di_module(other=node_text(kind, extra))


def main():
    table = pathlib.Path(HERE.parent.parent, "crates/llvm/src/ir/di_table.rs").read_text()
    nvir_fields = {}
    for m in re.finditer(r'kind!\(\w+, "(\w+)"[^\[]*\[(.*?)\n    \]\),', table, re.S):
        nvir_fields[m.group(1)] = re.findall(r'\bf\("(\w+)"', m.group(2))
    lib = pathlib.Path(llvm.__file__).parent / "libllvmlite.so"
    strings = subprocess.run(["strings", "-n", "3", str(lib)], capture_output=True, text=True).stdout.split()
    cands = sorted({s for s in strings if re.fullmatch(r"[a-z][A-Za-z_]{1,40}", s)}
                   | {f for fs in nvir_fields.values() for f in fs} | set(EXTRA))
    out = []
    for kind in BASES:
        probe_base = node_text(kind, "zzzqqq: 0") if BASES[kind] else None
        llvm22 = []
        for c in cands:
            if BASES[kind] is None:
                text = module_for(kind, c, "0")
            else:
                text = di_module(other=probe_base.replace("zzzqqq", c))
            if "invalid field" not in parses(text):
                llvm22.append(c)
        base_fields = set(re.findall(r"(\w+):", BASES[kind] or OWN.get(kind, "")))
        fields = [f for f in sorted(set(llvm22) | set(nvir_fields.get(kind, []))) if f not in base_fields]
        for f in fields:
            value = next((v for v in VALUES if not parses(module_for(kind, f, v))), None)
            out.append({"kind": kind, "field": f, "llvm22": f in llvm22, "nvir": f in nvir_fields.get(kind, []),
                        "value": value if value is not None else "0", "llvm22_takes_value": value is not None})
        print(kind, len(fields), file=sys.stderr, flush=True)
    print(json.dumps(out, indent=0))


if __name__ == "__main__":
    main()
