//! A round-robin HTTP/1.1 load balancer for tests: it sends each request (not each client
//! connection) to the next live replica, streams the reply back, and says which replica
//! answered, in an `X-Replica` header on the reply and in a log the test reads.
//!
//! Only what the tests need: request bodies framed by `Content-Length` (no chunked
//! uploads), one request at a time per client connection. Upstream, every request gets a
//! fresh connection with `Connection: close`, so a reply ends where the replica closes,
//! whatever its framing; the client's connection stays open unless the reply has neither a
//! length nor chunks, which only a close can end. A replica that refuses a connection is
//! marked down for good, as a real balancer's health check would, and the request goes to
//! the next; a replica that dies after taking a request leaves its client a `502`, since a
//! request that may have run is not sent again.

// Each test binary that includes this module uses its own subset of it.
#![allow(dead_code)]

use std::{
    net::SocketAddr,
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, AtomicUsize, Ordering},
    },
};

use tokio::{
    io::{AsyncBufRead, AsyncBufReadExt as _, AsyncReadExt as _, AsyncWriteExt as _, BufReader},
    net::{TcpListener, TcpStream},
    task::JoinHandle,
};

/// The reply header that names the replica (its index) that answered.
pub(crate) const REPLICA_HEADER: &str = "X-Replica";

/// Longest request or reply head the balancer reads.
const MAX_HEAD_BYTES: usize = 64 * 1024;

/// A running balancer; stops listening when dropped.
pub(crate) struct Balancer {
    addr: SocketAddr,
    shared: Arc<Shared>,
    accept: JoinHandle<()>,
}

struct Shared {
    replicas: Vec<SocketAddr>,
    down: Vec<AtomicBool>,
    next: AtomicUsize,
    /// The replica that answered each forwarded request, in the order their replies began.
    answered: Mutex<Vec<usize>>,
}

impl Balancer {
    /// Listens on a free loopback port in front of `replicas`.
    pub(crate) async fn start(replicas: Vec<SocketAddr>) -> Balancer {
        assert!(!replicas.is_empty(), "a balancer needs a replica");
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a free loopback port");
        let addr = listener.local_addr().expect("a bound address");
        let shared = Arc::new(Shared {
            down: replicas.iter().map(|_| AtomicBool::new(false)).collect(),
            replicas,
            next: AtomicUsize::new(0),
            answered: Mutex::new(Vec::new()),
        });
        let accept = tokio::spawn({
            let shared = Arc::clone(&shared);
            async move {
                while let Ok((client, _)) = listener.accept().await {
                    let _ = client.set_nodelay(true);
                    tokio::spawn(serve(Arc::clone(&shared), client));
                }
            }
        });
        Balancer {
            addr,
            shared,
            accept,
        }
    }

    /// Where clients connect.
    pub(crate) fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The replica that answered each request so far, in order.
    pub(crate) fn answered(&self) -> Vec<usize> {
        self.shared
            .answered
            .lock()
            .expect("the log is never poisoned")
            .clone()
    }

    /// Whether `replica` refused a connection and gets no more requests.
    pub(crate) fn is_down(&self, replica: usize) -> bool {
        self.shared.down[replica].load(Ordering::SeqCst)
    }
}

impl Drop for Balancer {
    fn drop(&mut self) {
        self.accept.abort();
    }
}

/// Serves one client connection, request by request, until it closes.
async fn serve(shared: Arc<Shared>, client: TcpStream) {
    let (read, mut write) = client.into_split();
    let mut read = BufReader::new(read);
    loop {
        let request = match read_request(&mut read).await {
            Ok(Some(request)) => request,
            Ok(None) => return,
            Err(problem) => {
                let _ = write.write_all(&error_reply(400, &problem)).await;
                return;
            }
        };
        let (replica, upstream, head) = match forward(&shared, &request).await {
            Ok(answer) => answer,
            Err(problem) => {
                let _ = write.write_all(&error_reply(502, &problem)).await;
                return;
            }
        };
        shared
            .answered
            .lock()
            .expect("the log is never poisoned")
            .push(replica);
        let (head, keep_alive) = client_head(&head, replica);
        // The replica closes after its reply: everything up to then is the reply.
        let mut upstream = upstream;
        let streamed = async {
            write.write_all(&head).await?;
            tokio::io::copy_buf(&mut upstream, &mut write).await?;
            write.flush().await
        };
        if streamed.await.is_err() || !keep_alive {
            return;
        }
    }
}

/// A request as read from the client: its head lines and its body.
struct Request {
    /// The request line, then the header lines, without their line ends.
    lines: Vec<String>,
    body: Vec<u8>,
}

/// Reads one request; `None` when the client closed between requests.
async fn read_request(read: &mut (impl AsyncBufRead + Unpin)) -> Result<Option<Request>, String> {
    let Some(lines) = read_head(read).await? else {
        return Ok(None);
    };
    if header(&lines, "transfer-encoding").is_some() {
        return Err("this balancer takes request bodies framed by Content-Length only".into());
    }
    let length = match header(&lines, "content-length") {
        Some(value) => value
            .parse::<usize>()
            .map_err(|_| format!("a Content-Length that is not a number: {value:?}"))?,
        None => 0,
    };
    let mut body = vec![0; length];
    read.read_exact(&mut body)
        .await
        .map_err(|err| format!("the request body was cut short: {err}"))?;
    Ok(Some(Request { lines, body }))
}

/// Reads a head up to its empty line; `None` at the end of the stream before any byte.
async fn read_head(read: &mut (impl AsyncBufRead + Unpin)) -> Result<Option<Vec<String>>, String> {
    let mut lines = Vec::new();
    let mut total = 0;
    loop {
        let mut line = Vec::new();
        let n = read
            .read_until(b'\n', &mut line)
            .await
            .map_err(|err| format!("reading a head: {err}"))?;
        if n == 0 {
            return if lines.is_empty() {
                Ok(None)
            } else {
                Err("the stream ended inside a head".into())
            };
        }
        total += n;
        if total > MAX_HEAD_BYTES {
            return Err(format!("a head longer than {MAX_HEAD_BYTES} bytes"));
        }
        let line = String::from_utf8(line).map_err(|_| "a head line that is not UTF-8")?;
        let line = line.trim_end_matches(['\r', '\n']);
        if line.is_empty() {
            return Ok(Some(lines));
        }
        lines.push(line.to_owned());
    }
}

/// The value of the first header `name` among a head's lines (the first line is skipped).
fn header<'a>(lines: &'a [String], name: &str) -> Option<&'a str> {
    lines.iter().skip(1).find_map(|line| {
        let (n, value) = line.split_once(':')?;
        n.trim().eq_ignore_ascii_case(name).then(|| value.trim())
    })
}

/// Whether a header line is about the connection, which each hop sets for itself.
fn hop_by_hop(line: &str) -> bool {
    let name = line.split_once(':').map_or(line, |(n, _)| n).trim();
    ["connection", "keep-alive", "proxy-connection"]
        .iter()
        .any(|hop| name.eq_ignore_ascii_case(hop))
}

/// Sends `request` to the next live replica, skipping (and marking down) those that refuse
/// the connection. Returns the replica, its connection positioned after the reply's head,
/// and that head.
async fn forward(
    shared: &Shared,
    request: &Request,
) -> Result<(usize, BufReader<TcpStream>, Vec<String>), String> {
    let count = shared.replicas.len();
    let start = shared.next.fetch_add(1, Ordering::SeqCst);
    for offset in 0..count {
        let replica = (start + offset) % count;
        if shared.down[replica].load(Ordering::SeqCst) {
            continue;
        }
        let Ok(mut upstream) = TcpStream::connect(shared.replicas[replica]).await else {
            shared.down[replica].store(true, Ordering::SeqCst);
            continue;
        };
        let _ = upstream.set_nodelay(true);
        let mut bytes = Vec::with_capacity(request.body.len() + 512);
        for line in request.lines.iter().filter(|line| !hop_by_hop(line)) {
            bytes.extend_from_slice(line.as_bytes());
            bytes.extend_from_slice(b"\r\n");
        }
        bytes.extend_from_slice(b"Connection: close\r\n\r\n");
        bytes.extend_from_slice(&request.body);
        // From here on the replica may have run the request: a failure is the client's 502,
        // never a second attempt elsewhere.
        upstream
            .write_all(&bytes)
            .await
            .map_err(|err| format!("replica {replica} failed while taking the request: {err}"))?;
        let mut upstream = BufReader::new(upstream);
        let head = read_head(&mut upstream)
            .await
            .map_err(|problem| format!("replica {replica}: {problem}"))?
            .ok_or_else(|| format!("replica {replica} closed the connection without a reply"))?;
        return Ok((replica, upstream, head));
    }
    Err("no replica is up".into())
}

/// The reply head for the client: the replica's, with its connection headers replaced and
/// the replica named. Also whether the client's connection can stay open after the body.
fn client_head(head: &[String], replica: usize) -> (Vec<u8>, bool) {
    let chunked =
        header(head, "transfer-encoding").is_some_and(|v| v.eq_ignore_ascii_case("chunked"));
    let keep_alive = chunked || header(head, "content-length").is_some();
    let mut bytes = Vec::new();
    for line in head.iter().filter(|line| !hop_by_hop(line)) {
        bytes.extend_from_slice(line.as_bytes());
        bytes.extend_from_slice(b"\r\n");
    }
    bytes.extend_from_slice(format!("{REPLICA_HEADER}: {replica}\r\n").as_bytes());
    if !keep_alive {
        bytes.extend_from_slice(b"Connection: close\r\n");
    }
    bytes.extend_from_slice(b"\r\n");
    (bytes, keep_alive)
}

/// A whole reply of the balancer's own, which closes the connection.
fn error_reply(status: u16, problem: &str) -> Vec<u8> {
    let reason = if status == 400 {
        "Bad Request"
    } else {
        "Bad Gateway"
    };
    format!(
        "HTTP/1.1 {status} {reason}\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{problem}",
        problem.len()
    )
    .into_bytes()
}
