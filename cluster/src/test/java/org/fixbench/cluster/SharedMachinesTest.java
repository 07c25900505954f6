package org.fixbench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Hosts that share one kernel are one machine: their roles do not all take the same CPU (issue 55). */
class SharedMachinesTest {
    private static SharedMachines.Host host(String address, String boot, int cpus) {
        return new SharedMachines.Host(address, boot, cpus);
    }

    @Test
    void threeHostsOnOneTwoCpuMachinePinNothing() {
        SharedMachines.Plan plan = SharedMachines.plan(host("198.18.7.11", "b1", 2),
                List.of(host("198.18.7.12", "b1", 2), host("198.18.7.13", "b1", 2)), false);
        assertEquals(List.of("--no-pin"), plan.argsOf("198.18.7.12"));
        assertEquals(List.of("--no-pin"), plan.argsOf("198.18.7.13"));
        assertEquals(-1, plan.serverCpu());
        assertTrue(plan.note().startsWith("hosts 198.18.7.11, 198.18.7.12, 198.18.7.13 are one machine (one kernel: "
                + "the same boot_id) of 2 CPUs, fewer than its 3 roles: none of them is pinned"), plan.note());
    }

    @Test
    void enoughCpusGiveEachRoleItsOwn() {
        SharedMachines.Plan plan = SharedMachines.plan(host("s", "b1", 8),
                List.of(host("c1", "b1", 8), host("c2", "b1", 8)), false);
        assertEquals(7, plan.serverCpu());
        assertEquals(List.of("--cpus", "6,5,4"), plan.argsOf("c1"));
        assertEquals(List.of("--cpus", "3,2,1"), plan.argsOf("c2"));
        assertTrue(plan.note().contains("each role its own CPUs (s the server's thread CPU 7; c1 CPUs 6,5,4; "
                + "c2 CPUs 3,2,1)"), plan.note());
    }

    @Test
    void twoClientHostsSharingAMachineApartFromTheServer() {
        SharedMachines.Plan plan = SharedMachines.plan(host("s", "b0", 2),
                List.of(host("c1", "b1", 2), host("c2", "b1", 2)), false);
        assertEquals(-1, plan.serverCpu(), "the server's machine is its own");
        assertEquals(List.of("--cpus", "1"), plan.argsOf("c1"));
        assertEquals(List.of("--cpus", "0"), plan.argsOf("c2"));
    }

    @Test
    void separateMachinesAndUnreadBootIdsPinAsBefore() {
        SharedMachines.Plan plan = SharedMachines.plan(host("s", "b0", 2),
                List.of(host("c1", "b1", 2), host("c2", null, 2), host("c3", "", 2)), false);
        assertNull(plan.note());
        assertEquals(List.of(), plan.argsOf("c1"));
        assertEquals(List.of(), plan.argsOf("c2"));
        assertEquals(-1, plan.serverCpu());
    }

    @Test
    void aUsersOwnChoiceIsKeptAndSaid() {
        SharedMachines.Plan plan = SharedMachines.plan(host("s", "b1", 2),
                List.of(host("c1", "b1", 2), host("c2", "b1", 2)), true);
        assertEquals(List.of(), plan.argsOf("c1"));
        assertEquals(-1, plan.serverCpu());
        assertTrue(plan.note().contains("pinned as the cluster file or the command says"), plan.note());
    }
}
