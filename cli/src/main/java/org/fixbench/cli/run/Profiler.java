package org.fixbench.cli.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.fixbench.harness.ProgressListener;
import org.fixbench.harness.results.RunResult;

/**
 * A profiler over the measured runs only, in this JVM: started as the first measured run starts, paused as each run
 * ends and resumed as the next starts (the warm-up and the pauses between runs are not in it), written when the
 * benchmark ends: an async-profiler flame graph (HTML) for {@code cpu}, {@code alloc}, {@code lock} or {@code wall},
 * or a JFR recording for {@code jfr} (which cannot pause: it spans the first run's start to the last run's end).
 * A profiler that cannot start says why in one line and the benchmark goes on unprofiled; its file is then absent.
 * Not thread-safe: one benchmark at a time, as the harness runs them.
 */
public final class Profiler implements ProgressListener {
    /** The sampling interval of cpu and wall profiles, ns. */
    static final long INTERVAL_NANOS = 1_000_000;

    private final String kind;
    private final ProgressListener delegate;
    private final Path file;
    private final PrintStream out;
    private boolean started;
    private boolean running;
    private boolean failed;
    private jdk.jfr.Recording recording;
    /** The JVM profiled when it is not this one (the forked server), else 0. */
    private final long pid;
    private Path library;

    /** @param file where the profile goes (a new file; .html for async-profiler, .jfr for JFR) */
    public Profiler(String kind, ProgressListener delegate, Path file, PrintStream out) {
        this(kind, delegate, file, out, 0);
    }

    /**
     * Profiles the JVM with process id {@code pid} (another JVM of this user, the forked server) through the attach
     * API, loading async-profiler's library into it; its commands then run there, and there it writes the profile.
     * JFR is not offered this way.
     */
    public Profiler(String kind, ProgressListener delegate, Path file, PrintStream out, long pid) {
        this.kind = check(kind);
        this.delegate = delegate;
        this.file = file;
        this.out = out;
        this.pid = pid;
        if (pid > 0 && kind.equals("jfr")) {
            fail("JFR of another process is not offered (profile the server with --fork none)");
        }
    }

    /** Runs an async-profiler command here, or in the attached JVM. */
    private void execute(String command) throws Exception {
        if (pid <= 0) {
            one.profiler.AsyncProfiler.getInstance().execute(command);
            return;
        }
        if (library == null) {
            library = Files.createTempFile("fixbench-asyncProfiler", ".so");
            library.toFile().deleteOnExit();
            String arch = System.getProperty("os.arch").contains("aarch64") ? "linux-arm64" : "linux-x64";
            try (java.io.InputStream in = one.profiler.AsyncProfiler.class.getResourceAsStream(
                    "/" + arch + "/libasyncProfiler.so")) {
                if (in == null) {
                    throw new IOException("no async-profiler library for " + arch + " in its jar");
                }
                Files.copy(in, library, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        com.sun.tools.attach.VirtualMachine vm = com.sun.tools.attach.VirtualMachine.attach(Long.toString(pid));
        try {
            vm.loadAgentPath(library.toString(), command);
        } finally {
            vm.detach();
        }
    }

    /** @throws IllegalArgumentException one line, when {@code kind} is not one of {@link #KINDS} */
    public static String check(String kind) {
        return org.fixbench.cli.options.RunOptions.checkProfiler(kind);
    }

    /** The file name's ending for a kind: .jfr or .html. */
    public static String extension(String kind) {
        return "jfr".equals(kind) ? ".jfr" : ".html";
    }

    @Override
    public void runStarting(String benchmark, int run, int runs, boolean warmup) {
        delegate.runStarting(benchmark, run, runs, warmup);
        if (warmup || failed || running) {
            return;
        }
        try {
            if (kind.equals("jfr")) {
                if (!started) {
                    recording = new jdk.jfr.Recording(jdk.jfr.Configuration.getConfiguration("profile"));
                    recording.setName("fixbench " + benchmark);
                    recording.start();
                }
            } else {
                // threads: each thread's stacks apart, under its name (a wall profile is read thread by thread)
                execute((started ? "resume" : "start") + ",event=" + event() + ",threads"
                        + (kind.equals("alloc") || kind.equals("lock") ? "" : ",interval=" + INTERVAL_NANOS));
            }
            started = true;
            running = true;
        } catch (Throwable e) {
            fail("could not start: " + e);
        }
    }

    @Override
    public void runEnded(String benchmark, RunResult result) {
        pause();
        delegate.runEnded(benchmark, result);
    }

    private void pause() {
        if (!running || kind.equals("jfr")) {
            return;
        }
        try {
            execute("stop");
        } catch (Throwable e) {
            fail("could not stop: " + e);
        }
        running = false;
    }

    /** Writes the profile (once the benchmark ended, however it ended); the file, or null when there is none. */
    public Path finish() {
        pause();
        if (!started || failed) {
            return null;
        }
        try {
            Files.createDirectories(file.getParent());
            if (Files.exists(file)) {
                throw new IOException(file + " exists; profiles are never overwritten");
            }
            if (kind.equals("jfr")) {
                recording.stop();
                recording.dump(file);
                recording.close();
            } else {
                execute("dump,file=" + file);
                // the same samples as text, a stack and its count a line (what the report sums up)
                execute("dump,collapsed,file=" + org.fixbench.cli.results.ProfileFiles.collapsed(file));
            }
            return file;
        } catch (Throwable e) {
            fail("could not write " + file + ": " + e);
            return null;
        } finally {
            running = false;
            started = false;
        }
    }

    private String event() {
        return switch (kind) {
            case "cpu" -> "cpu";
            case "alloc" -> "alloc";
            case "lock" -> "lock";
            default -> "wall";
        };
    }

    private void fail(String why) {
        failed = true;
        running = false;
        out.println(String.format(Locale.ROOT, "profiler (%s): %s; this benchmark goes on unprofiled", kind,
                why.lines().findFirst().orElse(why)));
    }
}
