package org.fixbench.engine.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.fixbench.harness.results.Secrets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An engine file's secrets: values read from the environment or a file (so the file itself can be shared), and the
 * Logon's passwords; each refused reference in one line naming the key and never the value.
 */
class EngineFileSecretsTest {
    @TempDir
    Path dir;

    private static final Map<String, String> ENV = Map.of("GW_PASSWORD", "env-pw-4711", "HOME", "/nonexistent-home",
            "EMPTY", " ");

    private EngineFile read(String... lines) {
        Properties p = new Properties();
        p.setProperty("clientCompId", "ACME");
        p.setProperty("serverCompId", "VENUE");
        for (String line : lines) {
            int eq = line.indexOf('=');
            p.setProperty(line.substring(0, eq), line.substring(eq + 1));
        }
        return EngineFile.of(dir.resolve("gw.properties"), p, ENV::get);
    }

    private Path secretFile(String name, String text, String permissions) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString(permissions));
        return f;
    }

    @Test
    void aReferenceToTheEnvironmentIsReadAndSecret() {
        EngineFile f = read("logonFields=553=trader|554=${env:GW_PASSWORD}",
                "command=gw --port {port} --password ${env:GW_PASSWORD}");
        assertEquals("553=trader\u0001554=env-pw-4711\u0001", new String(f.logonFields(), StandardCharsets.US_ASCII));
        assertEquals("gw --port {port} --password env-pw-4711", f.command());
        assertEquals(List.of("env-pw-4711"), f.secrets());
        assertEquals("553=trader|554=***", f.describe().get("logonFields"));
        assertEquals("gw --port 7 --password ***", f.masking(f.commandFor(7, dir, dir)));
        assertTrue(Secrets.occursIn("env-pw-4711"), "known to the process: nothing it writes holds it");
    }

    @Test
    void aReferenceToAFileReadsItsFirstLineAndACustomTagIsSecretToo() throws Exception {
        Path token = secretFile("token", "tok-0815-file\nsecond line ignored\n", "rw-------");
        Path abs = secretFile("pw", "abs-pw-0042\n", "rw-------");
        EngineFile f = read("logonFields=553=trader|554=${file:" + abs + "}|9001=${file:" + token + "}");
        assertEquals("553=trader\u0001554=abs-pw-0042\u00019001=tok-0815-file\u0001",
                new String(f.logonFields(), StandardCharsets.US_ASCII));
        assertEquals(List.of("abs-pw-0042", "tok-0815-file"), f.secrets());
        assertEquals("553=trader|554=***|9001=***", f.describe().get("logonFields"));
    }

    @Test
    void aPasswordWrittenInTheFileIsSecretByItsTag() {
        EngineFile f = read("logonFields=553=trader|554=lit-pw-77|925=new-pw-88|96=raw-99");
        assertEquals(List.of("raw-99", "lit-pw-77", "new-pw-88"), f.secrets());
        assertEquals("96=***|553=trader|554=***|925=***", f.describe().get("logonFields"));
    }

    @Test
    void aMissingReferenceIsRefusedInOneLineNamingTheKey() {
        String[][] cases = {
            {"logonFields=554=${env:NOT_SET_HERE}", "logonFields tag 554 refers to ${env:NOT_SET_HERE}, which is not set"},
            {"command=gw ${env:NOT_SET_HERE}", "command refers to ${env:NOT_SET_HERE}, which is not set"},
            {"logonFields=554=${env:EMPTY}", "refers to ${env:EMPTY}, which is empty"},
            {"address=${env:bad-name}:1", "address refers to ${env:bad-name}, which is not the name of an environment"},
            {"logonFields=554=${file:~/.fixbench/gw-password}", "logonFields tag 554 refers to "
                    + "${file:~/.fixbench/gw-password}, which does not exist (/nonexistent-home/.fixbench/gw-password)"},
            {"logonFields=554=${file:" + dir.resolve("nowhere") + "}", "which does not exist (" + dir.resolve("nowhere")
                    + ")"},
            {"logonFields=554=${file:" + dir + "}", "which is not a file"},
            {"logonFields=554=${file:pw.txt}", "refers to ${file:pw.txt}, which is neither an absolute path nor under ~/"},
            {"jvmFlags=-Dkey=${env:GW_PASSWORD}", "jvmFlags cannot hold ${env:...} or ${file:...}"},
        };
        for (String[] c : cases) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> read(c[0]), c[0]);
            assertTrue(e.getMessage().startsWith("engine file " + dir.resolve("gw.properties") + ": "), e.getMessage());
            assertTrue(e.getMessage().contains(c[1]), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), "one line");
        }
    }

    @Test
    void aBadSecretValueIsRefusedWithoutShowingIt() throws Exception {
        Path tabbed = secretFile("tabbed", "bad\tpw-9\n", "rw-------");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> read("logonFields=554=${file:" + tabbed + "}"));
        assertFalse(e.getMessage().contains("pw-9"), e.getMessage());
        assertTrue(e.getMessage().contains("tag 554 with a value read from ${file:" + tabbed + "} (secret, not shown)"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> read("logonFields=554=caf\u00e9-pw-5"));
        assertFalse(e.getMessage().contains("pw-5"), e.getMessage());
    }

    @Test
    void aSecretFileOthersCanReadIsWarnedOfOnce() throws Exception {
        Path open = secretFile("open-pw", "open-pw-31\n", "rw-r--r--");
        PrintStream was = System.err;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            read("logonFields=554=${file:" + open + "}");
            read("logonFields=554=${file:" + open + "}");
        } finally {
            System.setErr(was);
        }
        String err = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.startsWith("fixbench: warning: engine file " + dir.resolve("gw.properties")
                + ": logonFields tag 554 refers to ${file:" + open + "} (" + open + "), which others can "
                + "read (rw-r--r--): chmod 600 " + dir.resolve("open-pw")), err);
        assertFalse(err.contains("open-pw-31"));
    }
}
