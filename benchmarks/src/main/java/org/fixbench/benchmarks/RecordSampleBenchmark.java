package org.fixbench.benchmarks;

import java.util.concurrent.TimeUnit;

import org.fixbench.harness.LatencyBenchmark;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.api.Probe;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The cost of recording one sample through a probe. ({@code Harness.sample} also finds the sample's iteration and so
 * only means something inside a run: its cost is part of what {@code fixbench calibrate} measures as the harness
 * floor.)
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-XX:+IgnoreUnrecognizedVMOptions", "--enable-native-access=ALL-UNNAMED"})
public class RecordSampleBenchmark {
    private Probe probe;
    private LatencyBenchmark harness;
    private long value;

    @Setup
    public void setUp() {
        harness = new LatencyBenchmark(HarnessConfig.builder("jmh").quiet(true).accountForCoordinatedOmission(false)
                .build());
        probe = harness.addProbe("jmh");
    }

    @Benchmark
    public void probeSampleNanos() {
        probe.sampleNanos(value = (value + 977) & 0xFFFFF);
    }
}
