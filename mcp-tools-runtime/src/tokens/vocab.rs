//! The vocabularies: tiktoken's files, embedded gzipped (`vocab/`), turned into `bpe`'s
//! automata once per process, when a count first needs them.
//!
//! Building them at run time rather than in a build script keeps clean builds fast; it costs
//! the first count that needs `o200k_base` about 0.9 s of CPU in an optimized build, 4.6 s in
//! an unoptimized one (see [`Encoding::warm`]). A call that needs it awaits [`ready`], which
//! builds it on a thread of its own, so the build never holds a runtime worker.

use std::{io::Read as _, sync::OnceLock};

use bpe::byte_pair_encoding::BytePairEncoding;
use flate2::read::GzDecoder;
use tokio::sync::watch;

use super::{encoding::Encoding, split::Pretokenizer};

/// The factor `bpe` hashes token bytes with; for these two vocabularies it gives no
/// collisions (the one `bpe-openai` builds them with; `bpe` checks it as it builds).
const HASH_FACTOR: u64 = 17_846_336_922_010_275_747;

static O200K: OnceLock<Tokenizer> = OnceLock::new();
static CL100K: OnceLock<Tokenizer> = OnceLock::new();

/// Whether each encoding's build, once started on its own thread, has finished.
static O200K_BUILT: OnceLock<watch::Receiver<bool>> = OnceLock::new();
static CL100K_BUILT: OnceLock<watch::Receiver<bool>> = OnceLock::new();

/// Waits for `encoding`'s vocabulary without holding the thread: the first waiter starts
/// the build on a thread of its own, and every waiter (a call on any session) awaits it, so
/// a runtime worker is never blocked in the build while other sessions' calls queue
/// behind it. If no thread can be started, the first count builds it where it runs.
pub(super) async fn ready(encoding: Encoding) {
    if Tokenizer::loaded(encoding) {
        return;
    }
    let slot = match encoding {
        Encoding::O200kBase => &O200K_BUILT,
        Encoding::Cl100kBase => &CL100K_BUILT,
    };
    let mut built = slot
        .get_or_init(|| {
            let (done, built) = watch::channel(false);
            let _ = std::thread::Builder::new()
                .name("mcp-tools-vocabulary".into())
                .spawn(move || {
                    Tokenizer::get(encoding);
                    let _ = done.send(true);
                });
            built
        })
        .clone();
    // An error: the thread is gone without sending (it could not start); counting builds.
    let _ = built.wait_for(|done| *done).await;
}

/// One encoding, ready to count.
pub(super) struct Tokenizer {
    pub(super) bpe: BytePairEncoding,
    pub(super) pre: Pretokenizer,
}

impl Tokenizer {
    /// The encoding's tokenizer, built on first use; other threads wait for it.
    pub(super) fn get(encoding: Encoding) -> &'static Tokenizer {
        slot(encoding).get_or_init(|| Tokenizer::build(encoding))
    }

    /// Whether `encoding`'s vocabulary is in memory.
    pub(super) fn loaded(encoding: Encoding) -> bool {
        slot(encoding).get().is_some()
    }

    fn build(encoding: Encoding) -> Tokenizer {
        let gz: &[u8] = match encoding {
            Encoding::O200kBase => include_bytes!("../../vocab/o200k_base.tiktoken.gz"),
            Encoding::Cl100kBase => include_bytes!("../../vocab/cl100k_base.tiktoken.gz"),
        };
        let mut text = String::new();
        GzDecoder::new(gz)
            .read_to_string(&mut text)
            .expect("the embedded vocabulary decompresses");
        // Not `from_dictionary`: it is generic, so its work would be compiled here, at the
        // optimization level of the crate that depends on ours (none in a debug build);
        // `from_tiktoken` is compiled in `bpe`, which a profile override can optimize alone.
        let bpe = BytePairEncoding::from_tiktoken(&text, Some(HASH_FACTOR))
            .expect("the embedded vocabulary is base64");
        Tokenizer {
            bpe,
            pre: Pretokenizer::new(encoding),
        }
    }
}

fn slot(encoding: Encoding) -> &'static OnceLock<Tokenizer> {
    match encoding {
        Encoding::O200kBase => &O200K,
        Encoding::Cl100kBase => &CL100K,
    }
}
