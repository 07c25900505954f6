package org.fixbench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A manifest's Class-Path names URLs: relative to the jar's folder, or absolute file: URLs (Maven's test runner). */
class ClassPathsTest {
    @TempDir
    Path dir;

    @Test
    void relativeAndAbsoluteFileUrlsAreBothFollowed() throws Exception {
        Path lib = Files.createDirectories(dir.resolve("lib"));
        Path a = Files.createFile(lib.resolve("a.jar"));
        Path spaced = Files.createDirectories(dir.resolve("with space"));
        Path b = Files.createFile(spaced.resolve("b.jar"));
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.CLASS_PATH, "lib/a.jar " + b.toUri() + " " + classes.toUri()
                + " missing.jar");
        Path booter = dir.resolve("booter.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(booter), m)) {
            // the manifest only
        }
        assertEquals(String.join(File.pathSeparator, booter.toString(), a.toString(), b.toString(),
                classes.toString()), ClassPaths.expanded(booter.toString()));
    }

    @Test
    void aNodesForkedJvmsGetItsClassPathLessTheClusterModulesJarsByName() {
        String node = String.join(File.pathSeparator, "/n/lib/fixbench-cli.jar", "/n/lib/HdrHistogram-2.2.2.jar",
                "/n/lib/fixbench-cluster.jar", "/n/lib/zookeeper-3.9.2.jar", "/n/lib/cp-4");
        assertEquals(String.join(File.pathSeparator, "/n/lib/fixbench-cli.jar", "/n/lib/HdrHistogram-2.2.2.jar",
                "/n/lib/cp-4"), ClassPaths.without(node, java.util.List.of("fixbench-cluster.jar",
                "zookeeper-3.9.2.jar")));
        assertEquals(node, ClassPaths.without(node, java.util.List.of()));
    }

    @Test
    void theHostsGetTheClassPathLessWhatOnlyTheOrchestratingJvmLoads() {
        String here = String.join(File.pathSeparator, "/m/fixbench-cli.jar", "/m/bcprov-jdk18on-1.78.1.jar",
                "/m/curator-client-5.8.0.jar", "/m/curator-test-5.8.0.jar", "/m/zookeeper-3.9.2.jar",
                "/m/netty-tcnative-boringssl-static-2.0.61.Final-osx-x86_64.jar", "/m/netty-handler-4.1.105.Final.jar",
                "/m/sshd-core-2.20.0.jar", "/m/snappy-java-1.1.10.4.jar", "/m/sshj-0.39.0.jar", "/m/bcprov-classes");
        assertEquals(String.join(File.pathSeparator, "/m/fixbench-cli.jar", "/m/curator-client-5.8.0.jar",
                "/m/zookeeper-3.9.2.jar", "/m/netty-handler-4.1.105.Final.jar", "/m/sshj-0.39.0.jar",
                "/m/bcprov-classes"), ClassPaths.forHosts(here));
    }
}
