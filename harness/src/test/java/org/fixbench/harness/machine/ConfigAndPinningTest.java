package org.fixbench.harness.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import net.openhft.affinity.Affinity;
import org.fixbench.harness.LatencyBenchmark;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.series.SeriesNames;
import org.junit.jupiter.api.Test;

class ConfigAndPinningTest {

    private static String rejection(HarnessConfig.Builder builder) {
        return assertThrows(IllegalArgumentException.class, builder::build).getMessage();
    }

    @Test
    void badValuesAreRejectedWithOneLine() {
        assertEquals("rate must be > 0 (was 0)", rejection(HarnessConfig.builder("x").targetRatePerSecond(0)));
        assertEquals("rate must be > 0 (was -5)", rejection(HarnessConfig.builder("x").targetRatePerSecond(-5)));
        assertEquals("runs must be > 0 (was 0)", rejection(HarnessConfig.builder("x").runs(0)));
        assertTrue(rejection(HarnessConfig.builder("x").cpus(4096)).startsWith("unknown CPU 4096"));
        assertTrue(rejection(HarnessConfig.builder("x").cpus(-1)).startsWith("unknown CPU -1"));
        assertEquals("run duration must be > 0", rejection(HarnessConfig.builder("x").runNanos(0)));
        assertEquals("benchmark name must not be blank", rejection(HarnessConfig.builder(" ")));
    }

    @Test
    void probeNamesMustBeUniqueAndNotReserved() {
        LatencyBenchmark benchmark = new LatencyBenchmark(HarnessConfig.builder("p").quiet(true).build());
        benchmark.addProbe("a");
        assertThrows(IllegalArgumentException.class, () -> benchmark.addProbe("a"));
        assertThrows(IllegalArgumentException.class, () -> benchmark.addProbe(SeriesNames.END_TO_END));
        assertThrows(IllegalArgumentException.class, () -> benchmark.addProbe(""));
    }

    @Test
    void pinningNeverThrowsAndReportsWhatReallyHappened() throws Exception {
        int cpus = Machine.cpus();
        List<PinOutcome> outcomes = new ArrayList<>();
        List<String> mismatches = new ArrayList<>();
        try (Pinning pinning = new Pinning(true, new int[0])) {
            for (int i = 0; i < cpus + 1; i++) {
                AtomicReference<PinOutcome> outcome = new AtomicReference<>();
                Thread t = new Thread(() -> {
                    PinOutcome o = pinning.pinCurrentThread("role" + outcome.hashCode());
                    outcome.set(o);
                    BitSet mask = Affinity.getAffinity();
                    if (o.pinned() && !(mask.cardinality() == 1 && mask.get(o.cpu()))) {
                        mismatches.add(o + " but mask " + mask);
                    }
                });
                t.start();
                t.join();
                outcomes.add(outcome.get());
            }
        }
        assertTrue(mismatches.isEmpty(), mismatches.toString());
        // More threads than CPUs: at least one cannot have a CPU of its own, and says so.
        assertTrue(outcomes.stream().anyMatch(o -> !o.pinned()), outcomes.toString());
        for (PinOutcome o : outcomes) {
            assertEquals(o.pinned(), o.cpu() >= 0, o.toString());
            assertFalse(o.note().isBlank());
        }
    }

    @Test
    void pinningOffSaysSo() {
        try (Pinning pinning = new Pinning(false, new int[0])) {
            PinOutcome o = pinning.pinCurrentThread("harness");
            assertFalse(o.pinned());
            assertEquals("pinning not requested", o.note());
        }
    }

    @Test
    void cpuListsAreCountedAsTheKernelWritesThem() {
        assertEquals(2, Machine.countRanges("0-1"));
        assertEquals(7, Machine.countRanges("0-3,6,8-9"));
        assertEquals(1, Machine.countRanges("0"));
    }

    @Test
    void theHarnessThreadGetsItsCpusBackAfterABenchmark() throws Exception {
        AtomicReference<String> failure = new AtomicReference<>();
        Thread t = new Thread(() -> {
            BitSet before = Affinity.getAffinity();
            try (Pinning pinning = new Pinning(true, new int[] {Machine.cpus() - 1})) {
                pinning.pinCurrentThread("harness");
            }
            if (!Affinity.getAffinity().equals(before)) {
                failure.set("mask " + Affinity.getAffinity() + " after, " + before + " before");
            }
            if (Machine.cpus() != Machine.readOnlineCpus()) {
                failure.set("Machine.cpus() must not follow the thread's affinity");
            }
        });
        t.start();
        t.join();
        assertEquals(null, failure.get());
    }

    /**
     * A thread left without a CPU of its own (the list's are taken) is not pinned, and its outcome says where it runs
     * all the same: on the CPUs it inherited from the pinned thread that made it (a TLS terminator's launcher).
     */
    @Test
    void aThreadLeftWithoutACpuSaysTheCpusItInherited() throws Exception {
        AtomicReference<PinOutcome> left = new AtomicReference<>();
        int cpu = Machine.cpus() - 1;
        Thread t = new Thread(() -> {
            try (Pinning pinning = new Pinning(true, new int[] {cpu})) {
                pinning.pinCurrentThread("client");
                Thread launcher = new Thread(() -> left.set(pinning.pinCurrentThread("client TLS terminator")));
                launcher.start();
                try {
                    launcher.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        t.start();
        t.join();
        PinOutcome outcome = left.get();
        org.junit.jupiter.api.Assertions.assertFalse(outcome.pinned());
        assertEquals("no CPU left in the list [" + cpu + "]; it keeps the CPUs it inherited: " + cpu, outcome.note());
    }
}
