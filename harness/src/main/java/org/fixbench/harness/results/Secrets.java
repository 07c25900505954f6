package org.fixbench.harness.results;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * The values this process was given as secrets (a Logon's Password, a value read from an environment variable or a
 * secret file): never written. Every file {@link AtomicFiles} writes and every console stream {@link #masking} wraps
 * shows each occurrence of one as {@link #MASK}. Process-wide: a secret is added where it is read, before anything
 * that could print it runs; it is never removed (the process may still print it in a later line).
 */
public final class Secrets {
    /** What a secret is shown as. */
    public static final String MASK = "***";
    /** A secret shorter than this may also hide digits of a number that happens to hold it. */
    public static final int SHORT = 6;
    /** PBKDF2 rounds of {@link #fingerprint}: a guess costs this many HMACs, not one hash. */
    static final int FINGERPRINT_ROUNDS = 100_000;
    private static final byte[] FINGERPRINT_SALT = "fixbench secrets fingerprint v1".getBytes(StandardCharsets.UTF_8);

    /** Longest first, so that a secret holding another is masked whole. */
    private static final List<String> VALUES = new CopyOnWriteArrayList<>();
    private static volatile int longest;

    private Secrets() {
    }

    /** Marks {@code value} secret (blank values are not: nothing to hide). @return whether it was new */
    public static synchronized boolean add(String value) {
        if (value == null || value.isBlank() || VALUES.contains(value)) {
            return false;
        }
        List<String> sorted = new ArrayList<>(VALUES);
        sorted.add(value);
        sorted.sort((a, b) -> Integer.compare(b.length(), a.length()));
        VALUES.clear();
        VALUES.addAll(sorted);
        longest = Math.max(longest, Math.max(value.length(), value.getBytes(StandardCharsets.UTF_8).length));
        return true;
    }

    /** Whether any secret is known. */
    public static boolean any() {
        return !VALUES.isEmpty();
    }

    /** {@code text} with every occurrence of every secret as {@link #MASK}. */
    public static String mask(String text) {
        if (text == null || VALUES.isEmpty()) {
            return text;
        }
        String masked = text;
        for (String v : VALUES) {
            if (masked.contains(v)) {
                masked = masked.replace(v, MASK);
            }
        }
        return masked;
    }

    /** Whether {@code text} holds a secret. */
    public static boolean occursIn(String text) {
        return text != null && VALUES.stream().anyMatch(text::contains);
    }

    /**
     * A digest of the secrets that occur in {@code text}, in the order they occur: PBKDF2-HMAC-SHA256 with a fixed salt
     * and {@value #FINGERPRINT_ROUNDS} rounds, hex; empty when none occurs. Two texts that differ only in a secret
     * have different fingerprints, and the secret is not in it: a guess costs the rounds, not one hash (a weak
     * password can still be guessed: give it as a reference, not in the file).
     */
    public static String fingerprint(String text) {
        StringBuilder found = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            for (String v : VALUES) {
                if (text.startsWith(v, i)) {
                    found.append(v).append('\0');
                    i += v.length() - 1;
                    break;
                }
            }
        }
        if (found.length() == 0) {
            return "";
        }
        char[] chars = found.toString().toCharArray();
        PBEKeySpec spec = new PBEKeySpec(chars, FINGERPRINT_SALT, FINGERPRINT_ROUNDS, 256);
        try {
            return HexFormat.of().formatHex(SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec)
                    .getEncoded());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("PBKDF2WithHmacSHA256 is not available: " + e.getMessage(), e);
        } finally {
            spec.clearPassword();
            java.util.Arrays.fill(chars, '\0');
        }
    }

    /** {@code out} with every secret masked, line by line (a secret split across writes is still masked). */
    public static PrintStream masking(PrintStream out) {
        if (out instanceof MaskingPrintStream) {
            return out;
        }
        return new MaskingPrintStream(out);
    }

    /** {@code out} with every secret masked, as {@link #masking(PrintStream)}. */
    public static Writer masking(Writer out) {
        return out instanceof MaskingWriter ? out : new MaskingWriter(out);
    }

    /**
     * How many characters at the end of {@code pending} could begin a secret (a proper prefix of one): held back until
     * more comes or the line ends.
     */
    static int heldBack(CharSequence pending) {
        int hold = 0;
        for (String v : VALUES) {
            for (int k = Math.min(v.length() - 1, pending.length()); k > hold; k--) {
                if (endsWith(pending, v, k)) {
                    hold = k;
                    break;
                }
            }
        }
        return hold;
    }

    private static boolean endsWith(CharSequence s, String v, int k) {
        int from = s.length() - k;
        for (int i = 0; i < k; i++) {
            if (s.charAt(from + i) != v.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** The secrets as ISO-8859-1 text of their UTF-8 bytes: what a byte stream holds of them. */
    static String bytesMasked(String latin1) {
        if (VALUES.isEmpty()) {
            return latin1;
        }
        String masked = latin1;
        for (String v : VALUES) {
            String bytes = new String(v.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
            if (masked.contains(bytes)) {
                masked = masked.replace(bytes, MASK);
            }
        }
        return masked;
    }

    static int heldBackBytes(CharSequence pending) {
        int hold = 0;
        for (String value : VALUES) {
            String v = new String(value.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
            for (int k = Math.min(v.length() - 1, pending.length()); k > hold; k--) {
                if (endsWith(pending, v, k)) {
                    hold = k;
                    break;
                }
            }
        }
        return hold;
    }

    /** {@code out} with every secret masked; {@link MaskingOutputStream#finish()} writes what is held back. */
    public static MaskingOutputStream masking(OutputStream out) {
        return new MaskingOutputStream(out);
    }

    /** Bytes passed on whole lines (or on flush, all but what could begin a secret), masked. */
    public static final class MaskingOutputStream extends FilterOutputStream {
        private final StringBuilder pending = new StringBuilder();

        MaskingOutputStream(OutputStream out) {
            super(out);
        }

        /** Writes what is held back (masked), without closing the stream under it. */
        public synchronized void finish() throws IOException {
            if (pending.length() > 0) {
                emit(pending.length());
            }
            out.flush();
        }

        @Override
        public synchronized void write(int b) throws IOException {
            if (VALUES.isEmpty() && pending.length() == 0) {
                out.write(b);
                return;
            }
            pending.append((char) (b & 0xff));
            if (b == '\n' || b == '\r' || pending.length() > 8_192 + longest) {
                emit(pending.length());
            }
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) throws IOException {
            if (VALUES.isEmpty() && pending.length() == 0) {
                out.write(b, off, len);
                return;
            }
            for (int i = off; i < off + len; i++) {
                write(b[i]);
            }
        }

        private void emit(int upTo) throws IOException {
            String masked = bytesMasked(pending.substring(0, upTo));
            pending.delete(0, upTo);
            out.write(masked.getBytes(StandardCharsets.ISO_8859_1));
        }

        @Override
        public synchronized void flush() throws IOException {
            if (pending.length() > 0) {
                String masked = bytesMasked(pending.toString());
                int hold = heldBackBytes(masked);
                pending.setLength(0);
                out.write(masked.substring(0, masked.length() - hold).getBytes(StandardCharsets.ISO_8859_1));
                pending.append(masked, masked.length() - hold, masked.length());
            }
            out.flush();
        }

        @Override
        public synchronized void close() throws IOException {
            finish();
            super.close();
        }
    }

    private static final class MaskingPrintStream extends PrintStream {
        MaskingPrintStream(PrintStream out) {
            super(new MaskingOutputStream(out), true, StandardCharsets.UTF_8);
        }
    }

    private static final class MaskingWriter extends Writer {
        private final Writer out;
        private final StringBuilder pending = new StringBuilder();

        MaskingWriter(Writer out) {
            super(out);
            this.out = out;
        }

        @Override
        public void write(char[] cbuf, int off, int len) throws IOException {
            synchronized (lock) {
                if (VALUES.isEmpty() && pending.length() == 0) {
                    out.write(cbuf, off, len);
                    return;
                }
                for (int i = off; i < off + len; i++) {
                    char c = cbuf[i];
                    pending.append(c);
                    if (c == '\n' || c == '\r' || pending.length() > 8_192 + longest) {
                        out.write(mask(pending.toString()));
                        pending.setLength(0);
                    }
                }
            }
        }

        @Override
        public void flush() throws IOException {
            synchronized (lock) {
                if (pending.length() > 0) {
                    String masked = mask(pending.toString());
                    int hold = heldBack(masked);
                    pending.setLength(0);
                    out.write(masked, 0, masked.length() - hold);
                    pending.append(masked, masked.length() - hold, masked.length());
                }
                out.flush();
            }
        }

        @Override
        public void close() throws IOException {
            synchronized (lock) {
                out.write(mask(pending.toString()));
                pending.setLength(0);
                out.close();
            }
        }
    }

    /** For tests: forgets every secret. */
    static synchronized void forgetAllForTests() {
        VALUES.clear();
        longest = 0;
    }
}
