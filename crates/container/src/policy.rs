//! Version policy: which version bytes a consumer accepts.
//!
//! `Cuda` is what nvJitLink and nvlink 13.5 do (measured): a newer minor is a hard error.
//! `Seed` is the seed document's: majors must match, newer minors are warnings, LLVM ≤ 20.0.

use crate::model::{Container, Variant, Version};
use crate::tags::id;
use nvir_diag::{Diagnostic, Span};

/// Which consumer's rules to apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Policy {
    /// CUDA 13.5's tools (default).
    #[default]
    Cuda,
    /// The seed document's rules.
    Seed,
}

struct Limits {
    container: Version,
    nvvm_ir: Version,
    nvvm_debug: Version,
    /// Highest major*100+minor for the LLVM bytes.
    llvm_max: u32,
    minor_is_error: bool,
    tool: &'static str,
}

const CUDA: Limits = Limits {
    container: Version::new(1, 67),
    nvvm_ir: Version::new(2, 131),
    nvvm_debug: Version::new(3, 2),
    llvm_max: 2300,
    minor_is_error: true,
    tool: "CUDA 13.5",
};

const SEED: Limits = Limits {
    container: Version::new(1, 0x41),
    nvvm_ir: Version::new(2, 0x62),
    nvvm_debug: Version::new(3, 2),
    llvm_max: 2000,
    minor_is_error: false,
    tool: "the seed's cicc 13.0",
};

/// Checks the magic and version bytes; returns the findings (errors make the container
/// unacceptable under this policy).
pub fn check_versions(c: &Container<'_>, policy: Policy) -> Vec<Diagnostic> {
    let lim = match policy {
        Policy::Cuda => &CUDA,
        Policy::Seed => &SEED,
    };
    let mut out = Vec::new();
    if c.variant == Variant::Seed && policy == Policy::Cuda {
        out.push(
            Diagnostic::warning(
                "magic 0x7f4e5c7d is the seed's variant; CUDA's tools write and accept only 0x7f4e43ed",
            )
            .with_code("container-magic")
            .with_labelled_span(Span::at(0, 4), "seed magic")
            .with_note(
                "nvJitLink rejects it with NVJITLINK_ERROR_INCORRECT_INPUT_TYPE; nvlink with \"elfLink nvvm error\"",
            )
            .with_help("rewrite it with `nvir container edit --magic cuda`"),
        );
    }
    let fields = [
        ("container", c.versions.container, lim.container, 0x04),
        ("NVVM IR", c.versions.nvvm_ir, lim.nvvm_ir, 0x06),
        ("NVVM debug", c.versions.nvvm_debug, lim.nvvm_debug, 0x08),
    ];
    for (what, have, max, at) in fields {
        if have.major != max.major {
            out.push(
                Diagnostic::error(format!("{what} major version {} is not {} (version {have})", have.major, max.major))
                    .with_code("container-version")
                    .with_labelled_span(Span::at(at, 1), "major")
                    .with_note(format!("{} accepts only {what} major version {}", lim.tool, max.major)),
            );
        } else if have.minor > max.minor {
            let d = if lim.minor_is_error { Diagnostic::error } else { Diagnostic::warning };
            let mut d =
                d(format!("{what} minor version {} is newer than {} accepts ({have} > {max})", have.minor, lim.tool))
                    .with_code("container-version")
                    .with_labelled_span(Span::at(at + 1, 1), "minor");
            if lim.minor_is_error {
                d = d.with_note("nvJitLink 13.5 rejects it: NVJITLINK_ERROR_OUTDATED_LIBRARY (\"may need newer version of nvJitLink library\")");
            }
            out.push(d.with_help(format!(
                "lower it with `nvir container edit --set-version {}={max}` if the content allows",
                version_key(what)
            )));
        }
    }
    let llvm = c.versions.llvm;
    let v = u32::from(llvm.major) * 100 + u32::from(llvm.minor);
    let span = Span::at(0x0A, 2);
    if v > lim.llvm_max {
        out.push(
            Diagnostic::error(format!(
                "LLVM version {llvm} is newer than {} accepts (major*100+minor = {v} > {})",
                lim.tool, lim.llvm_max
            ))
            .with_code("container-version")
            .with_labelled_span(span, "LLVM version"),
        );
    } else if policy == Policy::Cuda && llvm.major <= 7 && v > 700 {
        // The NVVM70 backend (targets below sm_100) also rejects 7.x with x > 0 and below.
        let arch = c.get(id::ARCH_VARIANT);
        let d = match arch {
            Some(a) if a < 1000 => {
                Diagnostic::error(format!("LLVM version {llvm} is rejected for targets below sm_100 (tag 1 = {a})"))
            }
            Some(_) => return out,
            None => {
                Diagnostic::warning(format!("LLVM version {llvm} is rejected when linked for a target below sm_100"))
            }
        };
        out.push(
            d.with_code("container-version")
                .with_labelled_span(span, "LLVM version")
                .with_note("the NVVM70 path accepts major*100+minor <= 700 when the major is 7 or less"),
        );
    }
    out
}

fn version_key(what: &str) -> &'static str {
    match what {
        "container" => "container",
        "NVVM IR" => "nvvm-ir",
        _ => "nvvm-debug",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::{wrap, IR_LEVEL_LTO};

    fn base() -> Container<'static> {
        wrap(&[0x42, 0x43, 0xC0, 0xDE], &"sm_90".parse().unwrap(), IR_LEVEL_LTO).unwrap()
    }

    #[test]
    fn cuda_13_5_versions_pass_both_policies() {
        assert!(check_versions(&base(), Policy::Cuda).is_empty());
        // The seed's limits are older: 1.67 > 1.65 and 2.131 > 2.98 are warnings there.
        let seed = check_versions(&base(), Policy::Seed);
        assert_eq!(seed.len(), 2);
        assert!(seed.iter().all(|d| !d.is_error()));
    }

    #[test]
    fn newer_minor_is_an_error_under_cuda() {
        let mut c = base();
        c.versions.container.minor = 68;
        let d = check_versions(&c, Policy::Cuda);
        assert_eq!(d.len(), 1);
        assert!(d[0].is_error());
        assert_eq!(d[0].span, Some(Span::at(5, 1)));
        c.versions.nvvm_debug.major = 4;
        assert_eq!(check_versions(&c, Policy::Cuda).len(), 2);
    }

    #[test]
    fn llvm_rule_depends_on_the_backend() {
        let mut c = base();
        c.versions.llvm = Version::new(7, 1);
        assert!(check_versions(&c, Policy::Cuda)[0].is_error(), "7.1 for sm_90");
        c.versions.llvm = Version::new(8, 1);
        assert!(check_versions(&c, Policy::Cuda).is_empty(), "8.1 is accepted");
        c.versions.llvm = Version::new(23, 1);
        assert!(check_versions(&c, Policy::Cuda)[0].is_error(), "23.1 > 2300");
        c.versions.llvm = Version::new(7, 1);
        c.set_tag(1, 1000);
        assert!(check_versions(&c, Policy::Cuda).is_empty(), "7.1 is fine for sm_100");
        c.remove_tag(1);
        assert!(!check_versions(&c, Policy::Cuda)[0].is_error(), "unknown target: warning");
    }
}
