package org.fixbench.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A secret is masked in every stream and file it could reach, however it is split across writes. */
class SecretsTest {
    @TempDir
    Path dir;

    @AfterEach
    void forget() {
        Secrets.forgetAllForTests();
    }

    @Test
    void everyOccurrenceIsMaskedLongestFirst() {
        Secrets.add("s3cret");
        Secrets.add("s3cret-and-more");
        assertFalse(Secrets.add("s3cret"), "once");
        assertFalse(Secrets.add("  "), "blank is nothing to hide");
        assertEquals("554=*** --password *** x***y", Secrets.mask("554=s3cret --password s3cret-and-more xs3crety"));
        assertTrue(Secrets.occursIn("a s3cret"));
        assertFalse(Secrets.occursIn("a secret"));
    }

    @Test
    void aPrintStreamMasksASecretSplitAcrossWritesAndFlushes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = Secrets.masking(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        out.println("before any secret"); // passed on as it is
        Secrets.add("pässwört");
        out.print("a line with pä");
        out.flush();
        String partial = bytes.toString(StandardCharsets.UTF_8);
        assertFalse(partial.contains("pä"), "what could begin a secret is held back at a flush: " + partial);
        out.print("sswört in it");
        out.println();
        out.print("progress 50%\r");
        out.flush();
        assertEquals("before any secret\na line with *** in it\nprogress 50%\r", bytes.toString(StandardCharsets.UTF_8));
        assertTrue(Secrets.masking(out) == out, "wrapped once");
    }

    @Test
    void aWriterMasksLikewise() throws Exception {
        StringWriter text = new StringWriter();
        Writer out = Secrets.masking(text);
        Secrets.add("token-123");
        out.write("x tok");
        out.flush();
        out.write("en-123 y tok");
        out.flush();
        out.write("e\n");
        out.close();
        assertEquals("x *** y toke\n", text.toString());
    }

    @Test
    void filesAreMaskedButImagesAreNot() throws Exception {
        Secrets.add("s3cret");
        AtomicFiles.writeString(dir.resolve("summary.json"), "{\"profileContent\": \"554=s3cret\"}\n");
        AtomicFiles.write(dir.resolve("run.hlog"), out -> out.print("#[engine s3cret]\n"));
        AtomicFiles.writeString(dir.resolve("chart.png"), "s3cret");
        Files.writeString(dir.resolve("server.log"), "logon 554=s3cret\n");
        AtomicFiles.copy(dir.resolve("server.log"), dir.resolve("kept.log"), false);
        assertEquals("{\"profileContent\": \"554=***\"}\n", Files.readString(dir.resolve("summary.json")));
        assertEquals("#[engine ***]\n", Files.readString(dir.resolve("run.hlog")));
        assertEquals("logon 554=***\n", Files.readString(dir.resolve("kept.log")));
        assertEquals("s3cret", Files.readString(dir.resolve("chart.png")), "bytes of an image are not text");
    }

    @Test
    void theFingerprintTellsSecretsApartAndHoldsNoneOfThem() {
        Secrets.add("s3cret");
        Secrets.add("other-pw");
        String a = Secrets.fingerprint("554=s3cret\n");
        String b = Secrets.fingerprint("554=other-pw\n");
        assertEquals(64, a.length());
        assertNotEquals(a, b);
        assertEquals(a, Secrets.fingerprint("554=s3cret\n"), "the same file, the same fingerprint");
        assertEquals("", Secrets.fingerprint("554=${env:GW}\n"), "no secret, no fingerprint");
        assertFalse(a.contains("s3cret"));
    }
}
