package org.fixbench.harness.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Each watched process's CPU over a run, and the server's: every watched process but the measuring one. */
class ServerCpuTest {
    private static Map<Long, CpuWaitWatch.ThreadTimes> threads(CpuWaitWatch.ThreadTimes... all) {
        Map<Long, CpuWaitWatch.ThreadTimes> m = new LinkedHashMap<>();
        for (CpuWaitWatch.ThreadTimes t : all) {
            m.put(t.tid(), t);
        }
        return m;
    }

    @Test
    void everyThreadOfEachProcessCountsAndTheServerIsEveryProcessButTheClient() {
        // client pid 1 (two threads), a server JVM pid 2 (a JIT thread and a worker), an acceptor it started pid 3
        Map<Long, CpuWaitWatch.ThreadTimes> start = threads(
                new CpuWaitWatch.ThreadTimes(1, 11, "main", 1_000, 0, 0),
                new CpuWaitWatch.ThreadTimes(1, 12, "reader", 0, 0, 0),
                new CpuWaitWatch.ThreadTimes(2, 21, "C2 CompilerThre", 0, 0, 0),
                new CpuWaitWatch.ThreadTimes(2, 22, "worker", 500, 0, 0),
                new CpuWaitWatch.ThreadTimes(3, 31, "executor", 100, 0, 0));
        Map<Long, CpuWaitWatch.ThreadTimes> end = threads(
                new CpuWaitWatch.ThreadTimes(1, 11, "main", 9_000, 0, 0),
                new CpuWaitWatch.ThreadTimes(1, 12, "reader", 4_000, 0, 0),
                new CpuWaitWatch.ThreadTimes(2, 21, "C2 CompilerThre", 300, 0, 0),
                new CpuWaitWatch.ThreadTimes(2, 22, "worker", 700, 0, 0),
                new CpuWaitWatch.ThreadTimes(3, 31, "executor", 2_100, 0, 0),
                new CpuWaitWatch.ThreadTimes(3, 32, "executor-io", 50, 0, 0));
        CpuWait wait = CpuWaitWatch.outcome(List.of(start, end), 100_000, 0, true, List.of(1L, 2L, 3L));
        assertEquals(12_000, wait.jvm("client").cpuNanos());
        List<CpuWait.Jvm> servers = wait.jvms().stream().filter(j -> j.role().equals("server")).toList();
        assertEquals(2, servers.size());
        assertEquals(500, servers.get(0).cpuNanos(), "the JIT thread's 300 and the worker's 200");
        assertEquals(2, servers.get(0).threads());
        assertEquals(2_050, servers.get(1).cpuNanos(), "a thread born during the run counts from 0");
        assertEquals(2, servers.get(1).threads());
        assertEquals(2_550, wait.serverCpuNanos());

        // the third process started by the client (a TLS terminator beside it): its CPU is the client's side's
        CpuWait withClientChild = CpuWaitWatch.outcome(List.of(start, end), 100_000, 0, true, List.of(1L, 2L, 3L),
                Map.of(3L, CpuWaitWatch.CLIENT));
        assertEquals(500, withClientChild.serverCpuNanos(), "the server's process alone");
        assertEquals(List.of("client", "server", "client"), withClientChild.jvms().stream().map(CpuWait.Jvm::role)
                .toList());
    }

    /**
     * Read from /proc, a process the client started (its TLS terminator) and watched in the client's role: its CPU is
     * the client's, never "other processes" (which the DISTURBED rule charges against the host); and the same process
     * unwatched is another process, named. A shell loop burns a CPU for each of two 600 ms runs.
     */
    @Test
    void aProcessTheClientStartedIsTheClientsNotAnotherProcess() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(CpuWaitWatch.supported(), "no /proc schedstat here");
        for (boolean watched : new boolean[] {true, false}) {
            Process busy = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
            try {
                CpuWaitWatch watch = new CpuWaitWatch(ProcessHandle.current().pid());
                if (watched) {
                    watch.watch(busy.pid(), CpuWaitWatch.CLIENT);
                }
                watch.runStarted();
                Thread.sleep(600);
                CpuWait wait = watch.runEnded();
                long childCpu = wait.jvms().stream().filter(j -> j.pid() == busy.pid()).mapToLong(CpuWait.Jvm::cpuNanos)
                        .sum();
                String others = String.join(", ", wait.topOtherProcesses());
                if (watched) {
                    assertEquals(java.util.List.of("client", "client"), wait.jvms().stream().map(CpuWait.Jvm::role)
                            .toList());
                    org.junit.jupiter.api.Assertions.assertTrue(childCpu >= 100_000_000L, "its CPU, the client's: "
                            + childCpu);
                    org.junit.jupiter.api.Assertions.assertFalse(others.contains("(pid " + busy.pid() + ")"),
                            "not another process: " + others);
                } else {
                    assertEquals(0, childCpu, "not watched");
                    org.junit.jupiter.api.Assertions.assertTrue(others.contains("sh (pid " + busy.pid() + ")"),
                            "named among the others: " + others);
                    org.junit.jupiter.api.Assertions.assertTrue(wait.otherProcessesCpuNanos() >= 100_000_000L,
                            "others used " + wait.otherProcessesCpuNanos() + " ns");
                }
            } finally {
                busy.destroyForcibly().waitFor();
            }
        }
    }

    @Test
    void noServerProcessReadsMinusOne() {
        assertEquals(-1, CpuWait.UNAVAILABLE.serverCpuNanos());
        CpuWait clientOnly = CpuWaitWatch.outcome(List.of(threads(new CpuWaitWatch.ThreadTimes(1, 11, "main", 0, 0, 0)),
                threads(new CpuWaitWatch.ThreadTimes(1, 11, "main", 10, 0, 0))), 100, 0, false, List.of(1L));
        assertEquals(-1, clientOnly.serverCpuNanos());
    }
}
