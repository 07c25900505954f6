package org.fixbench.benchmarks;

import net.openhft.chronicle.jlbh.JLBH;
import net.openhft.chronicle.jlbh.JLBHOptions;
import net.openhft.chronicle.jlbh.JLBHTask;

/**
 * The harness floor under JLBH itself, for comparison with {@code scripts/fixbench calibrate --rate R}: the same
 * empty task, the same rate, warm-up of one second's iterations, three runs of two seconds, correction on.
 * Usage: {@code scripts/jlbh-empty RATE}.
 */
public final class JlbhEmptyTask implements JLBHTask {
    private JLBH jlbh;

    public static void main(String[] args) {
        int rate = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        JLBHOptions options = new JLBHOptions()
                .warmUpIterations(rate)
                .iterations(2L * rate)
                .throughput(rate)
                .runs(3)
                .recordOSJitter(false)
                .accountForCoordinatedOmission(true)
                .jlbhTask(new JlbhEmptyTask());
        new JLBH(options).start();
    }

    @Override
    public void init(JLBH jlbh) {
        this.jlbh = jlbh;
    }

    @Override
    public void run(long startTimeNS) {
        jlbh.sample(System.nanoTime() - startTimeNS);
    }
}
