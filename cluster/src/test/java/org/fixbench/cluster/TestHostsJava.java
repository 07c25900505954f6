package org.fixbench.cluster;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The java the cluster tests give their hosts ({@code java=} of the cluster file): this JVM's java, with C1 alone
 * ({@code -XX:TieredStopAtLevel=1}), which the node JVMs and every JVM they fork (ForkedRun passes a JVM's flags on)
 * inherit. Three hosts' node, server and client JVMs share this machine's CPUs, and C2 compiling in each new JVM took
 * a CPU of the two for most of each turn; these tests assert what the cluster does (orders answered, counts merged,
 * faults named, nothing left), never a latency or an allocation, so no assertion reads what C2 would change.
 * OpenSshClusterTest's default pair, AMD EPYC family 25 model 17, 2 vCPUs: 68 s with C2, 50 s without.
 */
final class TestHostsJava {
    private TestHostsJava() {
    }

    /** The script, written into {@code dir} (a folder every host sees at the same path) once. */
    static synchronized String c1Only(Path dir) throws Exception {
        Path script = dir.resolve("java-c1");
        if (!Files.exists(script)) {
            Files.writeString(script, "#!/bin/sh\nexec '" + thisJava() + "' -XX:TieredStopAtLevel=1 \"$@\"\n");
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return script.toString();
    }

    static String thisJava() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
