//! Targets: what `--arch` names, and which of libNVVM's two readers and verifiers it selects.

use std::fmt;

/// Which libNVVM path a target takes (measured: `nvvmLLVMVersion` is 7 below compute_100 and 22
/// from compute_100 on, or with `-nvvm-latest` at any arch).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Path {
    /// The LLVM 7.0.1-based reader and verifier (compute_75 … compute_90a).
    Llvm7,
    /// The modern (LLVM 22-based) reader and verifier (compute_100+, or `-nvvm-latest`).
    Modern,
}

impl Path {
    /// `llvm7` or `modern`.
    pub fn name(self) -> &'static str {
        match self {
            Path::Llvm7 => "llvm7",
            Path::Modern => "modern",
        }
    }
}

/// The feature-set suffix of an arch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Variant {
    /// `compute_90`.
    Base,
    /// `compute_90a`: architecture-specific features.
    Arch,
    /// `compute_100f`: family-specific features.
    Family,
}

/// A verification target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Target {
    /// The SM number (90 for compute_90a).
    pub sm: u32,
    /// Its suffix.
    pub variant: Variant,
    /// The libNVVM path.
    pub path: Path,
}

/// The SM numbers libNVVM 13.5 accepts (`nvvmLLVMVersion` answers for them).
const KNOWN: &[u32] = &[75, 80, 86, 87, 88, 89, 90, 100, 101, 103, 110, 120, 121];

impl Target {
    /// Parses `compute_90a`, `sm_90a` or `90a`; `nvvm_latest` takes the modern path at any arch.
    pub fn parse(arch: &str, nvvm_latest: bool) -> Result<Target, String> {
        let digits = arch.strip_prefix("compute_").or_else(|| arch.strip_prefix("sm_")).unwrap_or(arch);
        let (num, variant) = match digits.as_bytes().last() {
            Some(b'a') => (&digits[..digits.len() - 1], Variant::Arch),
            Some(b'f') => (&digits[..digits.len() - 1], Variant::Family),
            _ => (digits, Variant::Base),
        };
        let sm: u32 = match num.parse() {
            Ok(n) if !num.is_empty() && num.bytes().all(|b| b.is_ascii_digit()) => n,
            _ => {
                return Err(format!(
                    "'{arch}' is not an arch: expected compute_XX, sm_XX or XX, with an optional a or f"
                ))
            }
        };
        if !KNOWN.contains(&sm) {
            let known: Vec<String> = KNOWN.iter().map(|n| format!("compute_{n}")).collect();
            return Err(format!("libNVVM 13.5 does not target {arch}; it knows {}", known.join(", ")));
        }
        if variant == Variant::Arch && sm < 90 {
            return Err(format!("'{arch}': architecture-specific ('a') targets start at compute_90a"));
        }
        if variant == Variant::Family && sm < 100 {
            return Err(format!("'{arch}': family-specific ('f') targets start at compute_100f"));
        }
        let path = if sm >= 100 || nvvm_latest { Path::Modern } else { Path::Llvm7 };
        Ok(Target { sm, variant, path })
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suffix = match self.variant {
            Variant::Base => "",
            Variant::Arch => "a",
            Variant::Family => "f",
        };
        write!(f, "compute_{}{suffix}", self.sm)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_and_paths() {
        let t = Target::parse("sm_90a", false).unwrap();
        assert_eq!((t.sm, t.variant, t.path), (90, Variant::Arch, Path::Llvm7));
        assert_eq!(Target::parse("compute_100", false).unwrap().path, Path::Modern);
        assert_eq!(Target::parse("80", true).unwrap().path, Path::Modern);
        assert_eq!(Target::parse("compute_120f", false).unwrap().to_string(), "compute_120f");
        assert!(Target::parse("compute_70", false).is_err());
        assert!(Target::parse("compute_80a", false).is_err());
        assert!(Target::parse("gfx90a", false).is_err());
    }
}
