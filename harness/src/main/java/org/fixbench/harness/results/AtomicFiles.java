package org.fixbench.harness.results;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Result files written whole or not at all: into {@code <name>.partial} first, then renamed (atomically, within one
 * folder), so a reader never sees half a file and a killed run never leaves one under the real name. A file that
 * exists is never replaced, and every write error is reported (a {@link PrintStream} would swallow it). A text file
 * (anything but an image or an archive) never holds a secret: each is written as {@link Secrets#MASK}.
 */
public final class AtomicFiles {
    /** What writes the content. */
    public interface Content {
        void writeTo(PrintStream out) throws IOException;
    }

    private AtomicFiles() {
    }

    public static void write(Path target, Content content) throws IOException {
        if (Files.exists(target)) {
            throw new FileAlreadyExistsException(target.toString(), null, "results are never overwritten");
        }
        Path partial = target.resolveSibling(target.getFileName() + ".partial");
        try (OutputStream raw = Files.newOutputStream(partial, StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            Secrets.MaskingOutputStream masking = isBinary(target) ? null : Secrets.masking(raw);
            PrintStream out = new PrintStream(masking == null ? raw : masking, false, StandardCharsets.UTF_8);
            content.writeTo(out);
            out.flush();
            if (out.checkError()) {
                throw new IOException("writing " + target + " failed (disk full, or the folder went away?)");
            }
            if (masking != null) {
                masking.finish();
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(partial);
            throw e;
        }
        Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Images and archives: bytes, not text, written as they are. */
    static boolean isBinary(Path target) {
        String name = target.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
        return name.endsWith(".png") || name.endsWith(".gz") || name.endsWith(".zip") || name.endsWith(".jfr")
                || name.endsWith(".bin");
    }

    /**
     * {@code from} copied to {@code to} (replaced when {@code replace}, else never overwritten), every secret in a text
     * file masked: for logs and results made by another process.
     */
    public static void copy(Path from, Path to, boolean replace) throws IOException {
        if (!replace && Files.exists(to)) {
            throw new FileAlreadyExistsException(to.toString(), null, "results are never overwritten");
        }
        if (isBinary(to) || !Secrets.any()) {
            if (replace) {
                Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
            } else {
                Files.copy(from, to);
            }
            return;
        }
        Path partial = to.resolveSibling(to.getFileName() + ".partial");
        try (java.io.InputStream in = Files.newInputStream(from); OutputStream raw = Files.newOutputStream(partial,
                StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING)) {
            Secrets.MaskingOutputStream masking = Secrets.masking(raw);
            in.transferTo(masking);
            masking.finish();
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(partial);
            throw e;
        }
        if (replace) {
            Files.move(partial, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } else {
            Files.move(partial, to, StandardCopyOption.ATOMIC_MOVE);
        }
    }

    public static void writeString(Path target, CharSequence text) throws IOException {
        write(target, out -> out.append(text));
    }
}
