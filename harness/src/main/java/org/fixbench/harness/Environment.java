package org.fixbench.harness;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Facts about where a benchmark ran, recorded with every result: machine (CPU model, CPUs, kernel,
 * clocksource, governor), JVM (vendor, version, flags, GC) and the git commit of the suite. A fact that cannot be
 * read is recorded as {@code "unknown"}, never guessed.
 */
public final class Environment {
    public static final String UNKNOWN = "unknown";

    private Environment() {
    }

    public static Map<String, Object> capture() {
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("capturedAt", Instant.now().toString());
        env.put("host", ResultsFolder.hostName());
        env.put("cpuModel", cpuModel());
        env.put("cpus", Machine.cpus());
        env.put("kernel", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        env.put("clocksource", clocksource());
        env.put("governor", firstLine(Path.of("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")));
        env.put("jvmVendor", System.getProperty("java.vm.vendor"));
        env.put("jvmName", System.getProperty("java.vm.name"));
        env.put("jvmVersion", System.getProperty("java.runtime.version"));
        env.put("javaHome", System.getProperty("java.home"));
        env.put("jvmFlags", ManagementFactory.getRuntimeMXBean().getInputArguments());
        env.put("gc", ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(GarbageCollectorMXBean::getName).toList());
        env.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
        env.putAll(git());
        return env;
    }

    public static String clocksource() {
        return firstLine(Path.of("/sys/devices/system/clocksource/clocksource0/current_clocksource"));
    }

    static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            return UNKNOWN;
        }
        return UNKNOWN;
    }

    static String firstLine(Path path) {
        try {
            List<String> lines = Files.readAllLines(path);
            return lines.isEmpty() ? UNKNOWN : lines.get(0).trim();
        } catch (IOException | RuntimeException e) {
            return UNKNOWN;
        }
    }

    /** Commit and dirtiness of the working tree the suite runs from ({@code fixbench.home}, else the cwd). */
    static Map<String, Object> git() {
        Map<String, Object> git = new LinkedHashMap<>();
        String home = System.getProperty("fixbench.home", ".");
        String commit = run(home, "git", "rev-parse", "HEAD");
        git.put("gitCommit", commit == null ? UNKNOWN : commit);
        String status = commit == null ? null : run(home, "git", "status", "--porcelain", "--untracked-files=no");
        git.put("gitDirty", status == null ? UNKNOWN : !status.isEmpty());
        return git;
    }

    private static String run(String dir, String... command) {
        try {
            Process process = new ProcessBuilder(command).directory(Path.of(dir).toFile())
                    .redirectErrorStream(true).start();
            byte[] output = process.getInputStream().readAllBytes();
            if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
                return null;
            }
            return new String(output, StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
