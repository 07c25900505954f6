package org.fixbench.cli.run.examples;

import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.fixbench.cli.options.Rates;
import org.fixbench.cli.options.RunOptions;
import org.fixbench.cli.run.BenchmarkSession;
import org.fixbench.cli.run.Sweep;
import org.fixbench.engine.EngineSpec;
import org.fixbench.engine.RoundTripTask;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.ComparisonTable;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.series.SeriesNames;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The seed's throughput-vs-latency experiment on the raw-TCP baseline: at each rate, the two halves of the round
 * trip (client→server and server→client probes, not corrected for coordinated omission) against the end-to-end
 * latency (corrected). While the machine keeps up, the halves add up to the whole at the median; when it does
 * not, the end to end grows in the tail because it also counts the time orders waited to be sent.
 */
@Command(name = "tcp-throughput", description = "Raw TCP at several rates: client->server + server->client vs end to end.")
public final class TcpThroughputExample implements Callable<Integer> {
    @Mixin
    RunOptions options;

    @Option(names = "--engine", description = "TCP profile to use (default: ${DEFAULT-VALUE})")
    String engine = "tcp:spin";

    @Option(names = "--rates", paramLabel = "RATE,...", description = "msgs/s (default: ${DEFAULT-VALUE})")
    String rates = "10000,50000,100000,200000";

    @Override
    public Integer call() {
        options.pinByDefault();
        EngineSpec spec = EngineSpec.parse(engine);
        if (!spec.engine().name().equals("tcp")) {
            throw new IllegalArgumentException("tcp-throughput runs the tcp engine (was '" + engine + "')");
        }
        List<Long> rateList = Rates.parse(rates);
        Sweep.plan(options, List.of(spec), rateList, 3_000_000_000L, 2_000_000_000L);
        BenchmarkSession session = new BenchmarkSession(options, System.out);
        Sweep sweep = new Sweep(session, options, InetAddress.getLoopbackAddress(), Duration.ofSeconds(10),
                3_000_000_000L, 2_000_000_000L).fork(options.forks());
        boolean stopped = sweep.run(List.of(spec), rateList).stopped();
        System.out.println();
        System.out.println("Median of runs, µs. The halves are not corrected for coordinated omission; end to end is.");
        for (BenchmarkResult r : session.results) {
            System.out.print(table(r));
        }
        int status = session.finish(options.failOnStatuses());
        return stopped ? org.fixbench.cli.options.ExitStatus.STOPPED : status;
    }

    public static String table(BenchmarkResult r) {
        StringBuilder sb = new StringBuilder();
        double achieved = r.countedRuns().stream().mapToDouble(RunResult::achievedRatePerSecond).min().orElse(0);
        sb.append(String.format(Locale.ROOT, "%n%,d msgs/s (lowest achieved %,.0f/s%s)%n", r.config().targetRatePerSecond(),
                achieved, r.allOk() ? "" : "; FAILED runs: the machine did not keep up"));
        sb.append("| percentile | client->server | server->client | sum of halves | end to end |\n");
        sb.append("| --- | ---: | ---: | ---: | ---: |\n");
        for (double p : new double[] {50, 90, 99, 99.9}) {
            double c2s = ComparisonTable.pooledNanos(r, RoundTripTask.CLIENT_TO_SERVER, p);
            double s2c = ComparisonTable.pooledNanos(r, RoundTripTask.SERVER_TO_CLIENT, p);
            double e2e = ComparisonTable.pooledNanos(r, SeriesNames.END_TO_END, p);
            sb.append("| ").append(ComparisonTable.percentileLabel(p)).append(" | ")
                    .append(ComparisonTable.micros(c2s)).append(" | ").append(ComparisonTable.micros(s2c))
                    .append(" | ").append(ComparisonTable.micros(c2s + s2c)).append(" | ")
                    .append(ComparisonTable.micros(e2e)).append(" |\n");
        }
        return sb.toString();
    }
}
