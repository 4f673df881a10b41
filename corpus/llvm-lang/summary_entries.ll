; ThinLTO summary entries (`^N = …`) are kept as written and printed after the metadata: the
; IR does not model the index, and LLVM reads the same index back from them. Entries without a
; parenthesised body (`flags: 8`) end at their value.
source_filename = "summary.c"

define void @f() {
  ret void
}

^0 = module: (path: "summary1.o", hash: (1369602428, 2747878711, 259090915, 2507395659, 1141468049))
^1 = gv: (guid: 1, summaries: (function: (module: ^0, flags: (linkage: external, notEligibleToImport: 0, live: 0, dsoLocal: 0), insts: 10, calls: ((callee: ^2, hotness: hot)), refs: (^3))))
^2 = gv: (guid: 2, summaries: (function: (module: ^0, flags: (linkage: internal, notEligibleToImport: 0, live: 1, dsoLocal: 1), insts: 1, funcFlags: (readNone: 1, noRecurse: 1))))
^3 = gv: (guid: 3, summaries: (variable: (module: ^0, flags: (linkage: common, notEligibleToImport: 0, live: 0, dsoLocal: 0), varFlags: (readonly: 1))))
^4 = typeid: (name: "_ZTS1A", summary: (typeTestRes: (kind: single, sizeM1BitWidth: 0)))
^5 = flags: 8
^6 = blockcount: 1888

!0 = !DIFile(filename: "summary.c", directory: "")
