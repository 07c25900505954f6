package org.fixbench.harness.machine;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

import net.openhft.affinity.Affinity;
import net.openhft.affinity.AffinityLock;

/**
 * Pins threads with OpenHFT affinity and remembers what really happened. CPUs named in the configuration are
 * handed out in order (harness thread first); without a list, OpenHFT picks a free CPU. When none can be had
 * the thread runs unpinned and the outcome says why: an unbound {@link AffinityLock} does not throw, so
 * {@link AffinityLock#isBound()} is checked.
 */
public final class Pinning implements AutoCloseable {
    private final boolean enabled;
    private final int[] cpus;
    private final List<PinOutcome> outcomes = new ArrayList<>();
    private final List<AffinityLock> locks = new ArrayList<>();
    private int nextCpu;
    /** The creating thread (the harness thread) and its mask before any pinning, restored on close. */
    private final Thread owner = Thread.currentThread();
    private BitSet ownerMaskBefore;

    public Pinning(boolean enabled, int[] cpus) {
        this.enabled = enabled;
        this.cpus = cpus;
    }

    public synchronized PinOutcome pinCurrentThread(String role) {
        String thread = Thread.currentThread().getName();
        PinOutcome outcome;
        if (!enabled) {
            outcome = new PinOutcome(role, thread, -1, false, "pinning not requested");
        } else if (nextCpu < cpus.length) {
            outcome = pinTo(role, thread, cpus[nextCpu++]);
        } else if (cpus.length > 0) {
            outcome = new PinOutcome(role, thread, -1, false, "no CPU left in the list " + java.util.Arrays.toString(cpus)
                    + inheritedMask());
        } else {
            outcome = pinAny(role, thread);
        }
        outcomes.add(outcome);
        return outcome;
    }

    /**
     * Where an unpinned thread runs all the same: the CPUs it inherited from the thread that made it (a launcher made
     * by a pinned thread runs on that thread's CPU), e.g. {@code "; it keeps the CPUs it inherited: 1"}; "" when the
     * mask cannot be read.
     */
    private static String inheritedMask() {
        try {
            BitSet mask = Affinity.getAffinity();
            if (mask == null || mask.isEmpty()) {
                return "";
            }
            StringBuilder list = new StringBuilder();
            mask.stream().forEach(cpu -> list.append(list.length() == 0 ? "" : ",").append(cpu));
            return "; it keeps the CPUs it inherited: " + list;
        } catch (Throwable e) {
            return "";
        }
    }

    private PinOutcome pinTo(String role, String thread, int cpu) {
        try {
            if (Thread.currentThread() == owner && ownerMaskBefore == null) {
                ownerMaskBefore = Affinity.getAffinity();
            }
            BitSet mask = new BitSet();
            mask.set(cpu);
            Affinity.setAffinity(mask);
            BitSet now = Affinity.getAffinity();
            if (now.cardinality() == 1 && now.get(cpu)) {
                return new PinOutcome(role, thread, cpu, true, "as requested");
            }
            return new PinOutcome(role, thread, -1, false, "CPU " + cpu + " requested but the OS kept mask " + now);
        } catch (Throwable e) {
            return new PinOutcome(role, thread, -1, false, "affinity unavailable: " + e);
        }
    }

    private PinOutcome pinAny(String role, String thread) {
        try {
            AffinityLock lock = AffinityLock.acquireLock();
            if (lock.isBound()) {
                locks.add(lock);
                return new PinOutcome(role, thread, lock.cpuId(), true, "reserved by OpenHFT affinity");
            }
            lock.release();
            return new PinOutcome(role, thread, -1, false,
                    "no free CPU to reserve (" + Machine.cpus() + " CPUs)");
        } catch (Throwable e) {
            return new PinOutcome(role, thread, -1, false, "affinity unavailable: " + e);
        }
    }

    public synchronized List<PinOutcome> outcomes() {
        return List.copyOf(outcomes);
    }

    /**
     * Releases reserved CPUs and, called on the harness thread, gives it back the CPUs it had before, so that the
     * next benchmark in the same process starts from the same place.
     */
    @Override
    public synchronized void close() {
        if (ownerMaskBefore != null && Thread.currentThread() == owner) {
            try {
                Affinity.setAffinity(ownerMaskBefore);
            } catch (RuntimeException ignored) {
                // best effort
            }
            ownerMaskBefore = null;
        }
        for (AffinityLock lock : locks) {
            try {
                lock.release();
            } catch (RuntimeException ignored) {
                // releasing is best effort; the process is ending its benchmark
            }
        }
        locks.clear();
    }
}
