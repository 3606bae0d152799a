//! stdin and stdout read and written by the runtime's own I/O driver, when both are pipes
//! (as they are when a client starts the server). tokio's `stdin()` and `stdout()` hand
//! every read and every write to its blocking thread pool, two thread switches each: with
//! many calls in flight, stdio served about a quarter as many calls per second through them
//! as through the pipes directly (`bench/servers`, BENCHMARKS.md).
//!
//! The pipes are switched to non-blocking mode, which belongs to the open pipe, not to this
//! process's descriptor: a process that shares it (a wrapper script that started the server
//! with the same stdout) would see it too. So blocking mode is restored when serving ends.
//! While serving, only the protocol writes to stdout: a `println!` in a tool would fail when
//! the pipe is full instead of waiting (and break the protocol in any case).

use std::os::fd::{AsFd as _, OwnedFd};

use tokio::net::unix::pipe::{Receiver, Sender};

/// stdin and stdout as non-blocking pipes.
pub(super) struct Pipes {
    pub(super) reader: Receiver,
    pub(super) writer: Sender,
    /// Second handles on both, to put them back in blocking mode afterwards.
    restore: Restore,
}

/// Puts stdin and stdout back in blocking mode.
pub(super) struct Restore {
    stdin: OwnedFd,
    stdout: OwnedFd,
}

impl Pipes {
    /// `None`, and both left as they were, unless stdin is a readable pipe and stdout a
    /// writable one.
    pub(super) fn open() -> Option<Pipes> {
        let stdin = std::io::stdin().as_fd().try_clone_to_owned().ok()?;
        let stdout = std::io::stdout().as_fd().try_clone_to_owned().ok()?;
        let restore = Restore {
            stdin: stdin.try_clone().ok()?,
            stdout: stdout.try_clone().ok()?,
        };
        let reader = Receiver::from_owned_fd(stdin).ok()?;
        let Ok(writer) = Sender::from_owned_fd(stdout) else {
            let _ = reader.into_blocking_fd();
            return None;
        };
        Some(Pipes {
            reader,
            writer,
            restore,
        })
    }

    pub(super) fn into_parts(self) -> (Receiver, Sender, Restore) {
        (self.reader, self.writer, self.restore)
    }
}

impl Restore {
    /// Blocking mode again, once the reader and writer are gone.
    pub(super) fn blocking(self) {
        if let Ok(stdin) = Receiver::from_owned_fd(self.stdin) {
            let _ = stdin.into_blocking_fd();
        }
        if let Ok(stdout) = Sender::from_owned_fd(self.stdout) {
            let _ = stdout.into_blocking_fd();
        }
    }
}
