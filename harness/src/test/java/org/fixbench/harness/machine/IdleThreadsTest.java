package org.fixbench.harness.machine;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** A profile fits when its threads busy with no load, and the timed thread if it spins, are no more than the CPUs. */
class IdleThreadsTest {
    @Test
    void moreBusyThreadsThanCpusDoesNotFitAndSaysWhy() {
        IdleThreads idle = new IdleThreads(List.of("client 'framer'", "server 'framer'", "server 'library'"), 2,
                false);
        assertFalse(idle.fits());
        String text = idle.describe("artio:tuned");
        assertTrue(text.startsWith("artio:tuned " + IdleThreads.DOES_NOT_FIT), text);
        assertTrue(text.contains("3 threads on 2 CPUs"), text);
        assertTrue(text.contains("server 'library'"), text);
    }

    @Test
    void aSpinningTimedThreadCounts() {
        assertTrue(new IdleThreads(List.of("server 'reader'"), 2, true).fits());
        IdleThreads two = new IdleThreads(List.of("server 'reader'", "client 'reader'"), 2, true);
        assertFalse(two.fits());
        assertTrue(two.describe("x").contains("timed thread spins"), two.describe("x"));
    }

    @Test
    void noBusyThreadFits() {
        IdleThreads none = new IdleThreads(List.of(), 2, false);
        assertTrue(none.fits());
        assertTrue(none.describe("quickfixj:tuned").contains("fits this machine"), none.describe("quickfixj:tuned"));
    }

    @Test
    void aThreadSpinningInThisJvmIsFound() throws Exception {
        // a skip, not a pass, where Linux schedstat is missing (and a failure in CI, which fails on any skip)
        org.junit.jupiter.api.Assumptions.assumeTrue(CpuWaitWatch.supported(), "Linux schedstat is needed");
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        Thread spinner = new Thread(() -> {
            while (!stop.get()) {
                Thread.onSpinWait();
            }
        }, "idle-test-spin");
        spinner.start();
        try {
            IdleThreads idle = IdleThreads.read(List.of(ProcessHandle.current().pid()), List.of("client"), 64, false);
            assertTrue(idle.busy().contains("client 'idle-test-spin'"), String.valueOf(idle.busy()));
        } finally {
            stop.set(true);
            spinner.join();
        }
    }
}
