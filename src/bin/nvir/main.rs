//! `nvir`: read, write, print and verify NVIDIA's GPU compiler IRs.

mod assemble;
mod container;
mod convert;
mod fatbin;
mod print;
mod tile;
mod verify;

use clap::{CommandFactory, Parser, Subcommand};
use nvir::ColorChoice;
use std::process::ExitCode;

/// mimalloc rather than the system allocator: reading a large module allocates a few million
/// small blocks on two threads, where glibc's per-thread arenas grow by one `mprotect` call at a
/// time (thousands per read, each stalling the other thread's page faults). Measured on
/// `pg_all.bc`: about 13% less CPU and wall time. Transparent huge pages stay off (`no_thp`):
/// they cut page faults further but made run times bimodal on virtual machines. mimalloc is C;
/// without the `mimalloc` feature the binary is Rust only and uses the system allocator.
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Read, write, print and verify NVIDIA's GPU compiler IRs (NVVM IR, NVVM containers,
/// CUDA Tile IR) without LLVM or the CUDA toolkit.
#[derive(Parser)]
#[command(name = "nvir", version, propagate_version = true, max_term_width = 100)]
struct Cli {
    /// When to colour diagnostics.
    #[arg(long, value_enum, global = true, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// NVVM containers (.ltoir, .optixir): dump, edit, wrap, unwrap, XML form.
    #[command(subcommand)]
    Container(container::Command),
    /// ELF objects, fatbins and archives: list and extract PTX, cubins and LTO-IR.
    #[command(subcommand)]
    Fatbin(fatbin::Command),
    /// Read LLVM IR (.ll text or .bc bitcode, either pointer dialect) and print it: faithfully,
    /// as LLVM 7 syntax for libNVVM below compute_100, or with opaque pointers.
    Print(print::Args),
    /// Read LLVM bitcode (.bc, LLVM 3.8 … 19, raw or in a wrapper) and print it as .ll text in
    /// its own pointer dialect.
    Dis(print::DisArgs),
    /// Write an LLVM IR module (.ll text or bitcode) as bitcode: LLVM 7.0.1's layout for
    /// typed-pointer modules, as libNVVM below compute_100 reads it.
    As(assemble::Args),
    /// Make a module (.ll or .bc, LLVM 3.8 … 22, either pointer dialect) into what libNVVM reads
    /// for an arch: LLVM 7 typed-pointer bitcode below compute_100, LLVM 22 opaque-pointer
    /// bitcode from compute_100 on; the result is checked as `nvir verify` checks.
    Convert(convert::Args),
    /// Verify NVVM IR for a target as libNVVM does, reporting every problem at once (the first
    /// error is the one libNVVM prints).
    Verify(verify::Args),
    /// CUDA Tile IR bytecode (13.1 … 13.5): dump, disassemble, rewrite, validate.
    #[command(subcommand)]
    Tile(tile::Command),
    /// Print a shell completion script.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Container(cmd) => container::run(cmd, cli.color),
        Command::Fatbin(cmd) => fatbin::run(cmd, cli.color),
        Command::Print(args) => print::run(args, cli.color),
        Command::Dis(args) => print::run_dis(args, cli.color),
        Command::As(args) => assemble::run(args, cli.color),
        Command::Convert(args) => convert::run(args, cli.color),
        Command::Verify(args) => verify::run(args, cli.color),
        Command::Tile(cmd) => tile::run(cmd, cli.color),
        Command::Completions { shell } => {
            clap_complete::generate(shell, &mut Cli::command(), "nvir", &mut std::io::stdout());
            Ok(0)
        }
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(nvir::exit_status_of(&err))
        }
    }
}
