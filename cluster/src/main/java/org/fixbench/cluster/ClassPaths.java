package org.fixbench.cluster;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;

/** A class path as its entries, with what a jar's manifest {@code Class-Path} names (as {@code java -jar} loads it). */
final class ClassPaths {
    private ClassPaths() {
    }

    static String expanded(String classPath) {
        List<String> out = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (entry.isEmpty() || out.contains(entry)) {
                continue;
            }
            out.add(entry);
            if (!entry.endsWith(".jar")) {
                continue;
            }
            try (JarFile jar = new JarFile(entry)) {
                String named = jar.getManifest() == null ? null
                        : jar.getManifest().getMainAttributes().getValue("Class-Path");
                if (named == null) {
                    continue;
                }
                Path dir = Path.of(entry).toAbsolutePath().getParent();
                for (String n : named.trim().split("\\s+")) {
                    // the manifest names URLs, relative to the jar's folder or absolute (a manifest-only jar's
                    // file:/... as Maven's test runner writes them)
                    String resolved;
                    try {
                        java.net.URI uri = dir.toUri().resolve(n);
                        resolved = "file".equals(uri.getScheme()) ? Path.of(uri).normalize().toString()
                                : dir.resolve(n).normalize().toString();
                    } catch (IllegalArgumentException e) {
                        resolved = dir.resolve(n).normalize().toString();
                    }
                    if (!out.contains(resolved) && new File(resolved).exists()) {
                        out.add(resolved);
                    }
                }
            } catch (IOException e) {
                // not a jar one can read: the entry as it is
            }
        }
        return String.join(File.pathSeparator, out);
    }

    /**
     * The jars only the orchestrating JVM loads, by the start of their file names: the SSH client's cryptography
     * (Bouncy Castle, under sshj), the orchestrator's own ZooKeeper server (curator-test, and snappy-java, which only
     * a ZooKeeper server loads), netty's native TLS (six platforms' libraries; the nodes' ZooKeeper client speaks
     * plain TCP) and the test hosts' MINA SSH server. 22 of the 59 MB the orchestrator copied to each host at every
     * start (cluster's test class path, 2026-12-02).
     */
    static final List<String> NOT_ON_HOSTS = List.of("bcprov-", "bcpkix-", "bcutil-", "curator-test-",
            "snappy-java-", "netty-tcnative-boringssl-static-", "sshd-core-", "sshd-common-");

    /** {@code classPath} less the jars of {@link #NOT_ON_HOSTS}: what the orchestrator copies to each host. */
    static String forHosts(String classPath) {
        return keeping(classPath, name -> !(name.endsWith(".jar") && NOT_ON_HOSTS.stream().anyMatch(name::startsWith)));
    }

    /** {@code classPath} without the entries whose file name is one of {@code names}. */
    static String without(String classPath, List<String> names) {
        return keeping(classPath, name -> !names.contains(name));
    }

    /** The non-empty entries of {@code classPath} whose file name {@code keep} accepts. */
    private static String keeping(String classPath, java.util.function.Predicate<String> keep) {
        List<String> out = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (!entry.isEmpty() && keep.test(Path.of(entry).getFileName().toString())) {
                out.add(entry);
            }
        }
        return String.join(File.pathSeparator, out);
    }

    /**
     * The cluster module's own jars when it runs from its jar (as {@code scripts/fixbench} puts it on the class path:
     * the jar and what its manifest names, the module's own dependencies); none when it runs from its classes (its
     * tests).
     */
    static List<String> ownJars() {
        try {
            Path self = Path.of(ClassPaths.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isRegularFile(self)) {
                return List.of();
            }
            return List.of(expanded(self.toString()).split(File.pathSeparator));
        } catch (java.net.URISyntaxException | RuntimeException e) {
            return List.of();
        }
    }
}
