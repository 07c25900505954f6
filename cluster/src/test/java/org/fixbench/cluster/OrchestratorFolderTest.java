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
}
