package org.fixbench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** Only folders that a killed command on this machine left are stale: never a running one's, never another host's. */
class OrchestratorFolderTest {
    private static final long T = 1_795_861_163_880L;

    @Test
    void anIdNamesTheMachineAndTheProcess() {
        assertEquals("fixbench-bench_box.lan-20450-" + T, OrchestratorFolder.clusterId("bench box.lan", 20450, T));
    }

    @Test
    void aFolderOfAGoneProcessOnThisMachineIsStale() {
        String id = OrchestratorFolder.clusterId("box", 20450, T);
        assertTrue(OrchestratorFolder.isStale(id, "box", pid -> Optional.empty()), "no such process");
        assertTrue(OrchestratorFolder.isStale(id, "box", pid -> Optional.of(Instant.ofEpochMilli(T + 1))),
                "the pid was reused by a process started after the cluster");
        assertFalse(OrchestratorFolder.isStale(id, "box", pid -> Optional.of(Instant.ofEpochMilli(T - 5_000))),
                "the command is still running");
    }

    @Test
    void otherMachinesAndOtherNamesAreNeverStale() {
        String id = OrchestratorFolder.clusterId("other", 20450, T);
        assertFalse(OrchestratorFolder.isStale(id, "box", pid -> Optional.empty()));
        assertFalse(OrchestratorFolder.isStale("fixbench-20450-" + T, "box", pid -> Optional.empty()),
                "the ids before this change name no machine: left alone");
        assertFalse(OrchestratorFolder.isStale("fixbench-box-x-1", "box", pid -> Optional.empty()));
        assertFalse(OrchestratorFolder.isStale("someone-elses", "box", pid -> Optional.empty()));
    }

    /**
     * The command run on each host after close ends the JVMs whose command line names this cluster's id after the
     * orchestrator's main class, and no other: not another cluster's (the same machine and pid, a later start), not
     * the shell that runs it. Stand-ins: shells whose arguments are those of a host's orchestrator JVM.
     */
    @Test
    void afterCloseEndsThisClustersJvmsAndNoOthers() throws Exception {
        String id = OrchestratorFolder.clusterId("bench box.lan", 20450, T);
        String other = OrchestratorFolder.clusterId("bench box.lan", 20450, T + 1);
        Process mine = standIn(id + "/198.18.0.12");
        Process theirs = standIn(other + "/198.18.0.12");
        Process lookalike = standIn(id.replace(".", "x") + "/198.18.0.12"); // a dot in the id is a dot
        try {
            Process kill = new ProcessBuilder("sh", "-c", OrchestratorFolder.endCommand(id)).inheritIO().start();
            assertEquals(0, kill.waitFor(), "the command's own status");
            assertTrue(mine.waitFor(10, java.util.concurrent.TimeUnit.SECONDS), "this cluster's JVM ended");
            Thread.sleep(200);
            assertTrue(theirs.isAlive(), "another cluster's JVM is left alone");
            assertTrue(lookalike.isAlive(), "an id that differs only where the id has a dot is left alone");
        } finally {
            for (Process p : java.util.List.of(mine, theirs, lookalike)) {
                p.destroyForcibly().waitFor();
            }
        }
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> OrchestratorFolder.endCommand("x' ; rm -rf ~ ; '"), "an id is never a shell's text");
    }

    /** A process whose command line is a host orchestrator JVM's main class and node id. */
    private static Process standIn(String nodeId) throws java.io.IOException {
        return new ProcessBuilder("sh", "-c", "sleep 60; true", "org.mortbay.jetty.orchestrator.rpc.NodeProcess",
                nodeId, "localhost:2181").start();
    }

    @Test
    void aJavaThatDoesNotRunOrIsOlderThan17IsNamedAndOneThatRunsIsNot() {
        org.junit.jupiter.api.Assertions.assertEquals("java=/no/java does not run there (exit status 127): sh: 1: "
                + "/no/java: not found", OrchestratorFolder.javaFault("/no/java", 127, "sh: 1: /no/java: not found\n"));
        org.junit.jupiter.api.Assertions.assertEquals("java=java is Java 8 there; the suite needs 17 or later: "
                + "openjdk version \"1.8.0_392\"", OrchestratorFolder.javaFault("java", 0,
                "Picked up JAVA_TOOL_OPTIONS: -Dx=y\nopenjdk version \"1.8.0_392\"\nOpenJDK Runtime Environment\n"));
        org.junit.jupiter.api.Assertions.assertEquals("java=java is Java 11 there; the suite needs 17 or later: "
                + "openjdk version \"11.0.21\" 2023-10-17", OrchestratorFolder.javaFault("java", 0,
                "openjdk version \"11.0.21\" 2023-10-17\n"));
        org.junit.jupiter.api.Assertions.assertNull(OrchestratorFolder.javaFault("java", 0,
                "openjdk version \"17.0.13\" 2024-10-15\n"));
        org.junit.jupiter.api.Assertions.assertNull(OrchestratorFolder.javaFault("java", 0,
                "openjdk version \"25\" 2025-09-16 LTS\n"));
    }
}
