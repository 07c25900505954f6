package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.fixbench.cli.results.ComparisonRecord;
import org.fixbench.cli.run.EngineEnvironment;
import org.fixbench.engine.EngineSpec;
import org.fixbench.engine.Stunnel;
import org.fixbench.engine.Tls;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every engine's TLS profile says how its sessions speak TLS, the results record it in one word, and (long) each
 * runs end to end over TLS in processes of its own at a low rate, the report naming what was negotiated, nothing
 * left behind.
 */
class TlsProfilesTest {
    @TempDir
    Path tmp;

    private static Tls of(String label) {
        EngineSpec spec = EngineSpec.parse(label);
        return spec.engine().tls(spec.profileFile());
    }

    @Test
    void eachProfileSaysHowItsSessionsSpeakTls() {
        assertEquals(Tls.NONE, of("tcp:spin"));
        assertEquals(Tls.TERMINATOR, of("tcp:tls"));
        assertEquals(Tls.TERMINATOR, of("sbe:tls"));
        assertEquals(Tls.TERMINATOR, of("sbe:tuned+tls=terminator"), "an override is read as the profile runs");
        assertEquals(Tls.TERMINATOR, of("philadelphia:tls"));
        assertEquals(Tls.TERMINATOR, of("artio:tls"));
        assertEquals(Tls.TERMINATOR, of("external:quickfix-cpp+tls=terminator"));
        assertEquals(Tls.NATIVE, of("external:quickfix-cpp+tls=native"));
        assertEquals(Tls.NATIVE, of("external:jspurefix+tls=native"));
        assertEquals(Tls.NATIVE, of("quickfixj:tls"));
        assertEquals(Tls.NONE, of("quickfixj:tuned"));
        Map<String, Object> engines = EngineEnvironment.describe(List.of(EngineSpec.parse("quickfixj:tls"),
                EngineSpec.parse("sbe:tls"), EngineSpec.parse("sbe:tuned")));
        ComparisonRecord recorded = ComparisonRecord.of(Map.of(ComparisonRecord.ENGINES, engines));
        assertEquals("native", recorded.engines().get("quickfixj:tls").tls());
        assertEquals("terminator", recorded.engines().get("sbe:tls").tls());
        assertEquals("none", recorded.engines().get("sbe:tuned").tls());
    }

    @Test
    void onlyAnEngineFileSaysItsAcceptorSpeaksTlsItself() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> EngineSpec.parse("sbe:tuned+tls=native"));
        assertTrue(e.getMessage().contains("tls") && e.getMessage().contains("must be none or terminator"),
                e.getMessage());
    }

    @Test
    void anEngineWithTlsOfItsOwnHasNoTerminatorSetting() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> EngineSpec.parse("quickfixj:tuned+tls=terminator"));
        assertTrue(e.getMessage().startsWith("engine quickfixj has no setting 'tls'"), e.getMessage());
    }

    @Test
    @Tag("long")
    void everyTerminatedEngineRunsOverTlsInProcessesOfItsOwn() throws Exception {
        Assumptions.assumeTrue(Stunnel.missing() == null, Stunnel.missing());
        Path home = org.fixbench.engine.FixConfigs.root().getParent();
        boolean quickfixCpp = Files.exists(home.resolve("engines/external/target/quickfix-executor"));
        boolean jspurefix = Files.exists(home.resolve("engines/external/jspurefix/node_modules/jspurefix"));
        if (!(quickfixCpp && jspurefix) && "1".equals(System.getenv("FIXBENCH_REQUIRE_EXTERNAL"))) {
            throw new AssertionError("QuickFIX C++'s executor or jspurefix is not installed, and "
                    + "FIXBENCH_REQUIRE_EXTERNAL=1");
        }
        List<String> labels = new java.util.ArrayList<>(List.of("tcp:tls", "sbe:tls", "philadelphia:tls",
                "artio:tls"));
        List<String> nativeLabels = new java.util.ArrayList<>();
        if (quickfixCpp) {
            labels.add("external:quickfix-cpp+tls=terminator");
            nativeLabels.add("external:quickfix-cpp+tls=native");
        }
        if (jspurefix) {
            nativeLabels.add("external:jspurefix+tls=native");
        }
        labels.addAll(nativeLabels);
        Path out = tmp.resolve("tls");
        StringWriter err = new StringWriter();
        int status = FixbenchCli.execute(new String[] {"compare", "--engines", String.join(",", labels), "--rates",
                "500", "--runs", "1", "--duration", "1s", "--warmup", "300ms", "--warmup-cap", "0s", "--no-pin",
                "--no-interleave", "--no-harness-floor", "--out", out.toString()}, new PrintWriter(new StringWriter(),
                true), new PrintWriter(err, true));
        assertTrue(status == 0 || status == 1, "ran to the end: " + err);
        String report = Files.readString(out.resolve("report.md"));
        for (String label : labels) {
            String tls = nativeLabels.contains(label) ? "native" : "terminator";
            assertTrue(report.lines().anyMatch(l -> l.startsWith("- " + label + ": ")
                    && l.endsWith("; TLS " + tls + " (TLSv1.3 TLS_AES_256_GCM_SHA384)")),
                    label + "'s line names its TLS and what its runs negotiated");
        }
        assertTrue(report.contains("| lost orders (all runs; late replies among them) | "
                + String.join(" | ", java.util.Collections.nCopies(labels.size(), "0")) + " |"), "none lost");
        assertEquals(List.of(), ProcessHandle.current().descendants()
                .filter(p -> p.info().command().orElse("").endsWith("stunnel")).map(ProcessHandle::pid).toList(),
                "no terminator left running");
        try (Stream<Path> left = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            assertEquals(List.of(), left.filter(p -> p.getFileName().toString().startsWith("fixbench-fork-"))
                    .filter(p -> Files.exists(p.resolve("tls"))).toList(), "no run's certificates left");
        }
    }
}
