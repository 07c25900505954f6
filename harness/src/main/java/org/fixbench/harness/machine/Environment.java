package org.fixbench.harness.machine;

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
    /**
     * The keys of what {@link #capture} records, spelled once: written here, read back by
     * {@code results.MachineRecord}.
     */
    public static final String CAPTURED_AT = "capturedAt";
    public static final String HOST = "host";
    public static final String CPU_MODEL = "cpuModel";
    public static final String CPU = "cpu";
    public static final String CPUS = "cpus";
    public static final String KERNEL = "kernel";
    public static final String CLOCKSOURCE = "clocksource";
    public static final String GOVERNOR = "governor";
    public static final String JVM_VENDOR = "jvmVendor";
    public static final String JVM_NAME = "jvmName";
    public static final String JVM_VERSION = "jvmVersion";
    public static final String JAVA_HOME = "javaHome";
    public static final String JVM_FLAGS = "jvmFlags";
    public static final String GC = "gc";
    public static final String MAX_HEAP_BYTES = "maxHeapBytes";
    public static final String GIT_COMMIT = "gitCommit";
    public static final String GIT_DIRTY = "gitDirty";
    public static final String CLASSPATH_JARS = "classpathJars";
    /** What a call of System.nanoTime() cost and its granularity, recorded by a command that measures them. */
    public static final String NANO_TIME_COST_NANOS = "nanoTimeCostNanos";
    public static final String NANO_TIME_GRANULARITY_NANOS = "nanoTimeGranularityNanos";

    private Environment() {
    }

    /** Whether {@code env} (as captured, or read back) says the suite ran from a tree with uncommitted changes. */
    public static boolean dirty(Map<String, Object> env) {
        return Boolean.TRUE.equals(env.get(GIT_DIRTY));
    }

    public static Map<String, Object> capture() {
        Map<String, Object> env = new LinkedHashMap<>();
        env.put(CAPTURED_AT, Instant.now().toString());
        env.put(HOST, Machine.hostName());
        env.put(CPU_MODEL, cpuModel());
        env.put(CPU, cpuIdentity());
        env.put(CPUS, Machine.cpus());
        env.put(KERNEL, System.getProperty("os.name") + " " + System.getProperty("os.version"));
        env.put(CLOCKSOURCE, clocksource());
        env.put(GOVERNOR, firstLine(Path.of("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")));
        env.put(JVM_VENDOR, System.getProperty("java.vm.vendor"));
        env.put(JVM_NAME, System.getProperty("java.vm.name"));
        env.put(JVM_VERSION, System.getProperty("java.runtime.version"));
        env.put(JAVA_HOME, System.getProperty("java.home"));
        env.put(JVM_FLAGS, ManagementFactory.getRuntimeMXBean().getInputArguments());
        env.put(GC, ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(GarbageCollectorMXBean::getName).toList());
        env.put(MAX_HEAP_BYTES, Runtime.getRuntime().maxMemory());
        env.putAll(git());
        env.put(CLASSPATH_JARS, classpathJars());
        return env;
    }

    /**
     * The first CPU's identity from {@code /proc/cpuinfo}: vendor, family, model, stepping, microcode and model name
     * (hosts that share a model name can differ in stepping or microcode); empty where it cannot be read.
     */
    static Map<String, Object> cpuIdentity() {
        Map<String, Object> cpu = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.isBlank()) {
                    break; // the first processor's block only
                }
                int colon = line.indexOf(':');
                if (colon < 0) {
                    continue;
                }
                String key = line.substring(0, colon).trim();
                String value = line.substring(colon + 1).trim();
                switch (key) {
                    case "vendor_id" -> cpu.put("vendor", value);
                    case "cpu family" -> cpu.put("family", value);
                    case "model" -> cpu.put("model", value);
                    case "stepping" -> cpu.put("stepping", value);
                    case "microcode" -> cpu.put("microcode", value);
                    case "model name" -> cpu.put("modelName", value);
                    default -> {
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
        return cpu;
    }

    private static List<Path> manifestClassPath(Path jar) throws IOException {
        if (!Files.isRegularFile(jar) || !jar.toString().endsWith(".jar")) {
            return List.of();
        }
        try (java.util.jar.JarFile file = new java.util.jar.JarFile(jar.toFile())) {
            java.util.jar.Manifest manifest = file.getManifest();
            String classPath = manifest == null ? null
                    : manifest.getMainAttributes().getValue(java.util.jar.Attributes.Name.CLASS_PATH);
            if (classPath == null || classPath.isBlank()) {
                return List.of();
            }
            List<Path> out = new java.util.ArrayList<>();
            for (String relative : classPath.trim().split("\\s+")) {
                out.add(jar.resolveSibling(relative).normalize());
            }
            return out;
        }
    }

    /**
     * SHA-256 of every jar on this JVM's class path (with those a jar's manifest {@code Class-Path} names, as
     * {@code scripts/fixbench}'s launcher jar does), by file name, and of them all together ({@code "all"}: over the
     * names and hashes in class-path order), so two results can be told to come from the same code; a class-path
     * entry that is a folder is recorded as {@code "folder"} (its classes are not hashed).
     */
    static Map<String, Object> classpathJars() {
        Map<String, Object> jars = new LinkedHashMap<>();
        try {
            java.security.MessageDigest all = java.security.MessageDigest.getInstance("SHA-256");
            List<Path> entries = new java.util.ArrayList<>();
            for (String entry : System.getProperty("java.class.path", "").split(java.io.File.pathSeparator)) {
                if (!entry.isBlank()) {
                    Path path = Path.of(entry).toAbsolutePath();
                    entries.add(path);
                    entries.addAll(manifestClassPath(path));
                }
            }
            for (Path path : entries) {
                String entry = path.toString();
                String name = path.getFileName() == null ? entry : path.getFileName().toString();
                String hash;
                if (Files.isDirectory(path)) {
                    hash = "folder";
                } else if (Files.isRegularFile(path)) {
                    hash = java.util.HexFormat.of().formatHex(
                            java.security.MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(path)));
                } else {
                    continue;
                }
                jars.put(name, hash);
                all.update((name + "=" + hash + "\n").getBytes(StandardCharsets.UTF_8));
            }
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("all", java.util.HexFormat.of().formatHex(all.digest()));
            out.putAll(jars);
            return out;
        } catch (IOException | java.security.NoSuchAlgorithmException | RuntimeException e) {
            return Map.of("all", UNKNOWN);
        }
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
        git.put(GIT_COMMIT, commit == null ? UNKNOWN : commit);
        String status = commit == null ? null : run(home, "git", "status", "--porcelain", "--untracked-files=no");
        git.put(GIT_DIRTY, status == null ? UNKNOWN : !status.isEmpty());
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
