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
 * exists is never replaced, and every write error is reported (a {@link PrintStream} would swallow it).
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
                StandardOpenOption.TRUNCATE_EXISTING); PrintStream out = new PrintStream(raw, false, StandardCharsets.UTF_8)) {
            content.writeTo(out);
            out.flush();
            if (out.checkError()) {
                throw new IOException("writing " + target + " failed (disk full, or the folder went away?)");
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(partial);
            throw e;
        }
        Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
    }

    public static void writeString(Path target, CharSequence text) throws IOException {
        write(target, out -> out.append(text));
    }
}
