; A global variable's sanitizer flags (LLVM 15+), kept and printed after its other properties.
@a = global i32 0, no_sanitize_address
@b = global i32 0, no_sanitize_hwaddress, sanitize_memtag
@c = global i32 0, section "s", no_sanitize_address, sanitize_address_dyninit, align 4
@d = global i32 0, code_model "large", sanitize_memtag
