; Exception handling, atomics, memory instructions and global forms of LLVM 19: every comdat kind,
; no_cfi, inrange(a, b), blockaddress, aliases and ifuncs, catchswitch/catchpad/cleanuppad, callbr,
; landingpad clauses, syncscopes, inalloca allocas, operand bundles.
$c1 = comdat any
$c2 = comdat exactmatch
$c3 = comdat largest
$c4 = comdat nodeduplicate
$c5 = comdat samesize

@vt = constant { [3 x ptr] } { [3 x ptr] [ptr null, ptr @f, ptr no_cfi @f] }, comdat($c1)
@g = global ptr getelementptr inbounds inrange(-8, 16) ({ [3 x ptr] }, ptr @vt, i32 0, i32 0, i32 1)
@ba = global ptr blockaddress(@f, %bb)
@a = weak_odr hidden unnamed_addr alias i32, ptr @x
@x = global i32 0, section "s", partition "p", align 8, comdat($c2)
@i = ifunc void (), ptr @resolve

define ptr @resolve() {
  ret ptr @f
}

define void @f() personality ptr @pers {
entry:
  %v = va_arg ptr null, i32
  indirectbr ptr blockaddress(@f, %bb), [label %bb]
bb:
  invoke void @g2() to label %cont unwind label %lp
cont:
  callbr void asm "", "r,!i"(i32 0) to label %c2 [label %bb]
c2:
  invoke void @g2() to label %d unwind label %cs
cs:
  %sw = catchswitch within none [label %h] unwind to caller
h:
  %cp = catchpad within %sw [ptr null, i32 64, ptr null]
  catchret from %cp to label %d
d:
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup catch ptr null filter [1 x ptr] [ptr null]
  resume { ptr, i32 } %l
}

define void @g2() personality ptr @pers {
  invoke void @g2() to label %ok unwind label %cl
ok:
  ret void
cl:
  %c = cleanuppad within none []
  cleanupret from %c unwind to caller
}

declare i32 @pers(...)

define void @mem(ptr %p, <vscale x 4 x i32> %v) {
  %a = alloca i32, addrspace(5)
  %b = alloca inalloca i32, align 4
  %l = load atomic volatile i32, ptr %p syncscope("agent") seq_cst, align 4, !nontemporal !0
  store atomic i32 %l, ptr %p syncscope("singlethread") release, align 4
  %x = cmpxchg weak volatile ptr %p, i32 0, i32 1 syncscope("device") acq_rel monotonic, align 8
  fence syncscope("workgroup") acquire
  %r = atomicrmw nand ptr %p, i32 1 seq_cst, align 4
  %s = shufflevector <vscale x 4 x i32> %v, <vscale x 4 x i32> poison, <vscale x 4 x i32> zeroinitializer
  %iv = insertvalue { i32, float } poison, i32 1, 0
  %ev = extractvalue { i32, float } %iv, 1
  %cmp = icmp ult i32 %l, 4
  %fc = fcmp fast olt float %ev, 1.0
  %fn = fneg nsz float %ev
  %t = tail call fastcc i32 @callee(i32 signext 1) #0 [ "deopt"(i32 1) ]
  ret void
}

declare i32 @callee(i32)

attributes #0 = { nounwind "key"="val" "flag" }

!0 = !{i32 1}
