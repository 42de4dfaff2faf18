//! The runner's study commands: a study is a folder —
//!
//! ```text
//! DIR/manifest.json        the base's hash, the varied pointers, each shard's values
//! DIR/shards/000000.json   one scenario document per combination
//! DIR/results/000000.json  what `cloudecon run` prints for it (written whole or not at all)
//! DIR/results/000000.error why it failed, when it did (`run-shard`, `run-many`)
//! DIR/slurm.sh             with `sweep --slurm`: an `sbatch --array` script
//! ```
//!
//! so that any engine that can run `cloudecon run DIR/shards/X.json > DIR/results/X.json` can
//! run a study, and `merge` makes one table of it (`cloudecon::study`).

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use cloudecon::study::{self, Manifest, MissingShard, Table, Vary};
use serde_json::Value;

use super::{read_input, run_document, write_compact, Failure, Timings};

/// At most this many tasks in one Slurm array (Slurm's default `MaxArraySize` is 1,001); a
/// bigger study gives each task a run of consecutive shards.
pub const SLURM_MAX_TASKS: usize = 1000;

/// A file-system error on a path of the study's: the reader's to fix (exit 2, naming the file)
/// when it says so — a missing folder, no permission, a folder where a file belongs, a full or
/// read-only disk — else the machine's (exit 1).
fn io(what: &Path, e: std::io::Error) -> Failure {
    use std::io::ErrorKind as K;
    let fix = match e.kind() {
        K::NotFound => Some("a folder on its way does not exist"),
        K::PermissionDenied => Some("no permission"),
        K::IsADirectory => Some("it is a folder, not a file: remove it or choose another name"),
        K::NotADirectory => Some("a file stands where a folder belongs on its way"),
        K::AlreadyExists => Some("something is already there"),
        K::StorageFull | K::QuotaExceeded => Some("the disk is full"),
        K::ReadOnlyFilesystem => Some("the disk is read-only"),
        K::InvalidFilename | K::InvalidInput => Some("it is not a valid file name"),
        _ => None,
    };
    match fix {
        Some(fix) => Failure::Invalid(format!("{}: {fix} ({e})", what.display())),
        None => Failure::Internal(format!("{}: {e}", what.display())),
    }
}

fn manifest_path(dir: &Path) -> PathBuf {
    dir.join("manifest.json")
}

fn shard_path(dir: &Path, id: &str) -> PathBuf {
    dir.join("shards").join(format!("{id}.json"))
}

fn result_path(dir: &Path, id: &str) -> PathBuf {
    dir.join("results").join(format!("{id}.json"))
}

fn error_path(dir: &Path, id: &str) -> PathBuf {
    dir.join("results").join(format!("{id}.error"))
}

/// Writes a file whole or not at all (a temporary file, then renamed).
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.{}.part", std::process::id()));
    fs::write(&tmp, bytes).and_then(|()| fs::rename(&tmp, path)).map_err(|e| {
        let _ = fs::remove_file(&tmp);
        io(path, e)
    })
}

/// The study's manifest.
pub fn load(dir: &Path) -> Result<Manifest, Failure> {
    let path = manifest_path(dir);
    let text = fs::read_to_string(&path).map_err(|e| {
        Failure::Invalid(format!(
            "{}: cannot read ({e}); is {} a study made by `cloudecon sweep`?",
            path.display(),
            dir.display()
        ))
    })?;
    let manifest: Manifest =
        serde_json::from_str(&text).map_err(|e| Failure::Invalid(format!("{}: {e}", path.display())))?;
    manifest.check().map_err(|e| Failure::Invalid(format!("{}: {e}", path.display())))?;
    Ok(manifest)
}

/// The study's `results/` folder, made again if it was removed (to run every shard again).
fn results_folder(dir: &Path) -> Result<(), Failure> {
    let results = dir.join("results");
    fs::create_dir_all(&results).map_err(|e| io(&results, e))
}

/// `cloudecon sweep`: the shards and the manifest (and `slurm.sh`).
pub fn sweep(
    base: &str,
    vary: &[String],
    seeds: Option<u64>,
    windows: bool,
    coalitions: Option<u64>,
    dir: &Path,
    slurm: bool,
) -> Result<(), Failure> {
    let mut grid =
        vary.iter().map(|v| Vary::parse(v)).collect::<Result<Vec<_>, _>>().map_err(|p| Failure::Invalid(p.message))?;
    if let Some(k) = coalitions {
        if !grid.is_empty() || seeds.is_some() {
            return Err(Failure::Invalid("--coalitions splits one federation: not with --vary or --seeds".into()));
        }
        if k == 0 || k > study::MAX_SHARDS as u64 {
            return Err(Failure::Invalid(format!("--coalitions: from 1 to {}", study::MAX_SHARDS)));
        }
        grid.push(study::coalition_parts(k));
    }
    if let Some(n) = seeds {
        if grid.iter().any(|v| v.pointer == "/seed") {
            return Err(Failure::Invalid("--seeds varies /seed: do not --vary it too".into()));
        }
        grid.push(Vary::seeds_checked(n).map_err(Failure::Invalid)?);
    }
    let bytes = read_input(base)?;
    if windows {
        if grid.iter().any(|v| v.pointer == study::WINDOWS || v.pointer == study::COALITIONS) {
            return Err(Failure::Invalid(format!(
                "--windows varies {}: not with --coalitions or --vary of it",
                study::WINDOWS
            )));
        }
        grid.insert(0, study::windows(&bytes).map_err(|e| Failure::Invalid(format!("{base}: {e}")))?);
    }
    let refused = |e: cloudecon::ScenarioError| {
        Failure::Invalid(e.problems.iter().map(|p| format!("{base}: {p}")).collect::<Vec<_>>().join("\n"))
    };
    let grid = study::Grid::new(&bytes, &grid).map_err(refused)?;
    let manifest = grid.manifest();
    // A folder holds one study: the same sweep again keeps its results, another one is refused.
    if let Ok(old) = load(dir) {
        if old != manifest {
            return Err(Failure::Invalid(format!(
                "{} already holds another study (its manifest differs): choose another --out or remove it",
                dir.display()
            )));
        }
    }
    // Shards are written as they are made (the memory of one, whatever the study's size) into a
    // folder of their own, which becomes `shards/` once every one is a scenario: a bad value
    // leaves nothing behind.
    fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    let part = dir.join(format!(".shards.{}.part", std::process::id()));
    let _ = fs::remove_dir_all(&part);
    fs::create_dir_all(&part).map_err(|e| io(&part, e))?;
    let written = write_shards(&grid, &part).map_err(refused_or(refused));
    if let Err(e) = written {
        let _ = fs::remove_dir_all(&part);
        return Err(e);
    }
    let shards = dir.join("shards");
    if shards.exists() {
        fs::remove_dir_all(&shards).map_err(|e| io(&shards, e))?;
    }
    fs::rename(&part, &shards).map_err(|e| io(&shards, e))?;
    fs::create_dir_all(dir.join("results")).map_err(|e| io(&dir.join("results"), e))?;
    let text = serde_json::to_string_pretty(&manifest).map_err(|e| Failure::Internal(e.to_string()))? + "\n";
    write_atomic(&manifest_path(dir), text.as_bytes())?;
    if slurm {
        let script = slurm_script(dir, grid.len())?;
        write_atomic(&dir.join("slurm.sh"), script.as_bytes())?;
    }
    let engines =
        if slurm { format!("`sbatch {}`", dir.join("slurm.sh").display()) } else { "Slurm (`sweep --slurm`)".into() };
    eprintln!(
        "{n} shards in {shards}; run them with `cloudecon run-many {d}`, GNU parallel or {engines}, then `cloudecon merge {d} -o table.csv`",
        n = grid.len(),
        shards = shards.display(),
        d = dir.display(),
    );
    Ok(())
}

/// Why writing the shards stopped: a shard that is not a scenario, or the file system.
enum Stop {
    Shard(cloudecon::ScenarioError),
    Files(Failure),
}

/// A [`Stop`] as the runner's failure (`refused` words a shard's problems).
fn refused_or(refused: impl Fn(cloudecon::ScenarioError) -> Failure) -> impl Fn(Stop) -> Failure {
    move |stop| match stop {
        Stop::Shard(e) => refused(e),
        Stop::Files(f) => f,
    }
}

/// Makes, checks and writes every shard of `grid` into `folder`, one at a time; refuses a study
/// that would not fit the disk, judged from the first shard's size, before writing the rest.
fn write_shards(grid: &study::Grid, folder: &Path) -> Result<(), Stop> {
    let mut buffer = Vec::new();
    for k in 0..grid.len() {
        let shard = grid.shard(k).map_err(Stop::Shard)?;
        shard.scenario().map_err(Stop::Shard)?;
        buffer.clear();
        serde_json::to_writer(&mut buffer, &shard.document)
            .map_err(|e| Stop::Files(Failure::Internal(e.to_string())))?;
        buffer.push(b'\n');
        if k == 0 {
            room_for(folder, buffer.len() as u64, grid.len() as u64).map_err(Stop::Files)?;
        }
        let path = folder.join(format!("{}.json", shard.info.id));
        fs::write(&path, &buffer).map_err(|e| Stop::Files(io(&path, e)))?;
    }
    Ok(())
}

/// Whether the disk under `folder` has room for `count` files of about `bytes` each (each takes
/// at least a block, and an inode): a study that cannot fit is refused before it fills the disk.
#[cfg(unix)]
// statvfs's fields are u64 here, narrower on other Unixes: the conversions are for those.
#[allow(clippy::useless_conversion)]
fn room_for(folder: &Path, bytes: u64, count: u64) -> Result<(), Failure> {
    use std::os::unix::ffi::OsStrExt;
    let Ok(path) = std::ffi::CString::new(folder.as_os_str().as_bytes()) else { return Ok(()) };
    // SAFETY: statvfs reads a NUL-terminated path and writes one struct that we own.
    let mut stats: libc::statvfs = unsafe { std::mem::zeroed() };
    if unsafe { libc::statvfs(path.as_ptr(), &mut stats) } != 0 {
        return Ok(()); // Unknown: the writes will say if the disk fills.
    }
    let block = u64::from(stats.f_frsize).max(1);
    let per_file = bytes.div_ceil(block).max(1) * block;
    let needed = per_file.saturating_mul(count);
    let free = u64::from(stats.f_bavail).saturating_mul(block);
    if needed > free {
        return Err(Failure::Invalid(format!(
            "{}: {count} shards of about {bytes} bytes need about {:.1} GB; the disk has {:.1} GB free",
            folder.parent().unwrap_or(folder).display(),
            needed as f64 / 1e9,
            free as f64 / 1e9
        )));
    }
    let inodes = u64::from(stats.f_favail);
    if stats.f_files > 0 && count > inodes {
        return Err(Failure::Invalid(format!(
            "{}: {count} shards need {count} files; the disk has room for {inodes} more",
            folder.parent().unwrap_or(folder).display()
        )));
    }
    Ok(())
}

#[cfg(not(unix))]
fn room_for(_folder: &Path, _bytes: u64, _count: u64) -> Result<(), Failure> {
    Ok(())
}

/// Shards per Slurm task for a study of `count` shards.
pub fn chunk(count: usize) -> usize {
    count.div_ceil(SLURM_MAX_TASKS).max(1)
}

/// The `sbatch --array` script: task `k` runs shards `k·C … k·C + C − 1` (`C` = 1 for studies of
/// up to 1,000 shards), skipping those done; logs in `DIR/logs/`.
fn slurm_script(dir: &Path, count: usize) -> Result<String, Failure> {
    let abs = fs::canonicalize(dir).map_err(|e| io(dir, e))?;
    let runner = std::env::current_exe().map_err(|e| Failure::Internal(format!("cannot name the runner: {e}")))?;
    fs::create_dir_all(abs.join("logs")).map_err(|e| io(&abs.join("logs"), e))?;
    let c = chunk(count);
    let tasks = count.div_ceil(c);
    let q = |p: &Path| shell_quote(&p.display().to_string());
    Ok(format!(
        "#!/bin/bash\n\
         # A CloudEcon study of {count} shards as a Slurm job array ({tasks} tasks of {c} shard(s) each;\n\
         # at most 100 running at once: change %100 below). Submit from any folder:\n\
         #   sbatch {script}\n\
         # Resubmit only the tasks whose shards have no result yet (failed or not run):\n\
         #   sbatch --array=$({runner} missing {dir} --chunk {c}) {script}\n\
         # Then: {runner} merge {dir} -o table.csv\n\
         #SBATCH --job-name=cloudecon-study\n\
         #SBATCH --array=0-{last}%100\n\
         #SBATCH --ntasks=1\n\
         #SBATCH --output={logs}/%A_%a.out\n\
         #SBATCH --error={logs}/%A_%a.err\n\
         set -euo pipefail\n\
         CLOUDECON=\"${{CLOUDECON:-{runner}}}\"\n\
         exec \"$CLOUDECON\" run-shard {dir} $((SLURM_ARRAY_TASK_ID * {c})) --count {c}\n",
        script = q(&abs.join("slurm.sh")),
        runner = q(&runner),
        dir = q(&abs),
        logs = abs.join("logs").display(),
        last = tasks - 1,
    ))
}

fn shell_quote(s: &str) -> String {
    if s.chars().all(|c| c.is_ascii_alphanumeric() || "/._-+=:,@".contains(c)) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

/// Whether shard `id` has its result.
fn done(dir: &Path, id: &str) -> bool {
    result_path(dir, id).is_file()
}

/// Runs one shard into its result file (or its `.error` file); `Ok(false)` if it failed as input.
fn run_one(dir: &Path, id: &str) -> Result<bool, Failure> {
    let shard = shard_path(dir, id);
    let outcome = read_input(&shard.display().to_string()).and_then(|bytes| {
        let mut out = run_document(bytes, &mut Timings::new(false), false)?;
        let mut text = Vec::new();
        write_compact(&mut text, &mut out)
            .map_err(|e| Failure::Internal(format!("could not write the result: {e}")))?;
        text.push(b'\n');
        Ok(text)
    });
    match outcome {
        Ok(text) => {
            write_atomic(&result_path(dir, id), &text)?;
            let _ = fs::remove_file(error_path(dir, id));
            Ok(true)
        }
        Err(Failure::Invalid(message)) => {
            write_atomic(&error_path(dir, id), format!("{message}\n").as_bytes())?;
            Ok(false)
        }
        Err(other) => Err(other),
    }
}

/// `cloudecon run-shard DIR INDEX [--count C]`: runs shards INDEX … INDEX + C − 1 that have no
/// result yet, one after the other (a Slurm task, a GNU parallel job). Exit 2 if one failed.
pub fn run_shard(dir: &Path, index: usize, count: usize) -> Result<(), Failure> {
    let manifest = load(dir)?;
    results_folder(dir)?;
    let n = manifest.len();
    if index >= n {
        return Err(Failure::Invalid(format!("shard {index}: the study has shards 0 to {}", n.saturating_sub(1))));
    }
    let mut failed = Vec::new();
    for k in index..index.saturating_add(count.max(1)).min(n) {
        let s = manifest.shard(k);
        if !done(dir, &s.id) && !run_one(dir, &s.id)? {
            failed.push(s.id.clone());
        }
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(Failure::Invalid(format!(
            "shard(s) {} failed: see {}",
            failed.join(", "),
            dir.join("results/ID.error").display()
        )))
    }
}

/// `cloudecon run-many DIR`: every shard without a result, on `jobs` threads, with a progress
/// bar on a terminal.
pub fn run_many(dir: &Path, jobs: Option<usize>) -> Result<(), Failure> {
    let manifest = load(dir)?;
    results_folder(dir)?;
    let todo: Vec<String> = manifest.infos().map(|s| s.id).filter(|id| !done(dir, id)).collect();
    let skipped = manifest.len() - todo.len();
    let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from)).max(1);
    let bar = indicatif::ProgressBar::new(todo.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} shards, {elapsed} so far, about {eta} left")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    if skipped > 0 {
        bar.println(format!("{skipped} shard(s) already have a result: skipped"));
    }
    let next = AtomicUsize::new(0);
    let failed = Mutex::new(Vec::new());
    let fatal = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(todo.len()) {
            scope.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(id) = todo.get(k) else { break };
                match run_one(dir, id) {
                    Ok(true) => {}
                    Ok(false) => failed.lock().unwrap_or_else(|e| e.into_inner()).push(id.to_string()),
                    Err(e) => {
                        *fatal.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
                        next.store(todo.len(), Ordering::Relaxed);
                    }
                }
                bar.inc(1);
            });
        }
    });
    bar.finish_and_clear();
    if let Some(e) = fatal.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    let mut failed = failed.into_inner().unwrap_or_else(|e| e.into_inner());
    failed.sort();
    if failed.is_empty() {
        eprintln!(
            "{} shard(s) run, {skipped} skipped; `cloudecon merge {} -o table.csv` makes the table",
            todo.len(),
            dir.display()
        );
        Ok(())
    } else {
        Err(Failure::Invalid(format!(
            "{} of {} shard(s) failed ({}): see their .error files in {}",
            failed.len(),
            todo.len(),
            abbreviate(&failed),
            dir.join("results").display()
        )))
    }
}

/// The first ids of a list, and how many more.
fn abbreviate(ids: &[String]) -> String {
    let shown: Vec<&str> = ids.iter().take(10).map(String::as_str).collect();
    match ids.len().saturating_sub(shown.len()) {
        0 => shown.join(", "),
        more => format!("{} and {more} more", shown.join(", ")),
    }
}

/// `cloudecon missing DIR`: the shards (or, with `chunk` > 1, the Slurm tasks) without a result,
/// as a Slurm array list (`3,5-7`), or one index a line (`list`, for GNU parallel).
pub fn missing(dir: &Path, chunk: usize, list: bool) -> Result<(), Failure> {
    let manifest = load(dir)?;
    let chunk = chunk.max(1);
    let mut tasks: Vec<usize> =
        manifest.infos().enumerate().filter(|(_, s)| !done(dir, &s.id)).map(|(i, _)| i / chunk).collect();
    tasks.dedup();
    let mut out = std::io::stdout().lock();
    let text = if list {
        tasks.iter().map(|t| format!("{t}\n")).collect::<String>()
    } else {
        let mut ranges: Vec<(usize, usize)> = Vec::new();
        for &t in &tasks {
            match ranges.last_mut() {
                Some((_, end)) if *end + 1 == t => *end = t,
                _ => ranges.push((t, t)),
            }
        }
        let parts: Vec<String> =
            ranges.iter().map(|&(a, b)| if a == b { a.to_string() } else { format!("{a}-{b}") }).collect();
        format!("{}\n", parts.join(","))
    };
    out.write_all(text.as_bytes()).map_err(|e| super::output_failure(&e))
}

/// `cloudecon merge DIR -o FILE`: one row per shard in shard order; missing and failed shards
/// listed with their error (and an error unless `allow_missing`).
pub fn merge(dir: &Path, output: &Path, metrics: &[String], allow_missing: bool) -> Result<(), Failure> {
    let csv = match output.extension().and_then(|e| e.to_str()) {
        Some("csv") => true,
        Some("json") => false,
        _ => return Err(Failure::Invalid(format!("-o {}: name a .csv or a .json file", output.display()))),
    };
    if let Some(m) = metrics.iter().find(|m| !m.starts_with('/')) {
        return Err(Failure::Invalid(format!("--metric {m:?}: a JSON pointer into the result, e.g. /metrics/revenue")));
    }
    let manifest = load(dir)?;
    if !csv && manifest.vary.len() == 1 && manifest.vary[0].pointer == study::COALITIONS {
        return merge_coalitions(dir, &manifest, output);
    }
    // Results read and their rows made on every core; the table is put together in shard order.
    let n = manifest.len();
    let threads = std::thread::available_parallelism().map_or(1, usize::from).min(n.max(1));
    let per = n.div_ceil(threads).max(1);
    let manifest = &manifest;
    let parts: Vec<Vec<Result<Row, MissingShard>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..n)
            .step_by(per)
            .map(|start| {
                scope.spawn(move || {
                    (start..(start + per).min(n))
                        .map(|k| read_row(dir, &manifest.shard(k), metrics))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_default()).collect()
    });
    let mut table = Table::default();
    for row in parts.into_iter().flatten() {
        match row {
            Ok(cells) => table.push(cells),
            Err(m) => table.missing.push(m),
        }
    }
    if !table.missing.is_empty() {
        let lines: Vec<String> =
            table.missing.iter().take(20).map(|m| format!("shard {}: {}", m.shard, m.error)).collect();
        let more = table.missing.len().saturating_sub(lines.len());
        let listed = lines.join("\n") + &if more > 0 { format!("\n… and {more} more") } else { String::new() };
        if !allow_missing {
            return Err(Failure::Invalid(format!(
                "{} of {} shard(s) have no result (run them, or merge the rest with --allow-missing):\n{listed}",
                table.missing.len(),
                manifest.len()
            )));
        }
        eprintln!("{} shard(s) left out:\n{listed}", table.missing.len());
    }
    let text = if csv {
        table.to_csv()
    } else {
        serde_json::to_string_pretty(&table).map_err(|e| Failure::Internal(e.to_string()))? + "\n"
    };
    write_atomic(output, text.as_bytes())
}

/// `merge` of a `--coalitions` study into `{ "shapley", "coalition_values" }`: every part is
/// needed.
fn merge_coalitions(dir: &Path, manifest: &Manifest, output: &Path) -> Result<(), Failure> {
    let mut results = Vec::with_capacity(manifest.len());
    let mut missing = Vec::new();
    for s in manifest.infos() {
        match read_result(dir, &s) {
            Ok(v) => results.push(v),
            Err(m) => missing.push(format!("shard {}: {}", m.shard, m.error)),
        }
    }
    if !missing.is_empty() {
        return Err(Failure::Invalid(format!(
            "the exact Shapley value needs every part; {} of {} have no result:\n{}",
            missing.len(),
            manifest.len(),
            missing.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
        )));
    }
    let merged = study::merge_coalitions(&results).map_err(Failure::Invalid)?;
    let mut text = serde_json::to_vec(&merged).map_err(|e| Failure::Internal(e.to_string()))?;
    text.push(b'\n');
    write_atomic(output, &text)
}

/// A shard's row, or why it has none.
/// One table row: each column's name and value.
type Row = Vec<(String, Value)>;

fn read_row(dir: &Path, s: &study::ShardInfo, metrics: &[String]) -> Result<Row, MissingShard> {
    read_result(dir, s).map(|result| study::row(s, &result, metrics))
}

/// A shard's result document, or why it has none (its `.error` file when the run left one).
fn read_result(dir: &Path, s: &study::ShardInfo) -> Result<Value, MissingShard> {
    let error = || fs::read_to_string(error_path(dir, &s.id)).ok().map(|e| e.trim().to_string());
    let missing = |why: String| MissingShard { shard: s.id.clone(), error: why, problems: None };
    let text = match fs::read(result_path(dir, &s.id)) {
        Ok(t) => t,
        Err(_) => return Err(missing(error().unwrap_or_else(|| "no result (not run yet)".into()))),
    };
    serde_json::from_slice(&text).map_err(|e| {
        missing(error().unwrap_or_else(|| format!("the result is not a result document ({e}): did its run fail?")))
    })
}
