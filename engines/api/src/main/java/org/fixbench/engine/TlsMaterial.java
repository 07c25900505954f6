package org.fixbench.engine;

import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;

import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * The certificates of a TLS run, made for it and thrown away with its folder: a certificate authority of its own
 * (whose key is used once and never written) and the server's certificate it signs, valid for the loopback address,
 * {@code localhost} and this host's addresses. No key ships with the suite, and no engine's bundled test keystore is
 * used: a client trusts {@link #caFile()} alone, and a server presents {@link #certificateFile()} with
 * {@link #keyFile()} (its owner's alone to read).
 *
 * <p>The server's and the client's processes of one run find the same folder ({@link #folderFor}) and the first to
 * come makes the files, under a lock, for both.
 */
public final class TlsMaterial {
    /** The system property a run's parent process sets for its server and client: the folder both read. */
    public static final String FOLDER_PROPERTY = "fixbench.tls.folder";
    /** The certificate authority's certificate: what a client trusts. */
    public static final String CA = "ca.pem";
    /** The server's certificate, then the authority's: the chain a server presents. */
    public static final String CERTIFICATE = "server.pem";
    /**
     * The server's key: RSA, for every engine alike, since QuickFIX C++ 1.15 loads RSA and DSA keys only ("Unable to
     * configure client certificate" for an EC key). It signs the handshake, once per session, before anything is
     * timed; the records are sealed with the cipher negotiated. The authority's key is EC (P-256).
     */
    static final String SERVER_KEY = "RSA";
    static final int SERVER_KEY_BITS = 2048;
    /** The server's private key (PKCS#8, unencrypted, readable by its owner alone). */
    public static final String KEY = "server.key";
    /** How long a run's certificates are valid from an hour before they are made (a clock a little behind). */
    static final Duration VALIDITY = Duration.ofDays(2);

    private final Path folder;

    private TlsMaterial(Path folder) {
        this.folder = folder;
    }

    /** The folder of {@code setup}'s run: {@value #FOLDER_PROPERTY} when set, else {@code tls} in its work folder. */
    public static Path folderFor(EngineSetup setup) {
        String given = System.getProperty(FOLDER_PROPERTY);
        return given != null && !given.isBlank() ? Path.of(given) : setup.workDirectory().resolve("tls");
    }

    /** The material in {@code folder}, made there now if it holds none. */
    public static TlsMaterial in(Path folder) throws IOException {
        Instant now = Instant.now();
        return in(folder, now.minus(Duration.ofHours(1)), now.minus(Duration.ofHours(1)).plus(VALIDITY));
    }

    /**
     * The material in {@code folder}, made there now if it holds none, the server's certificate valid from
     * {@code notBefore} to {@code notAfter} (a test makes an expired one).
     */
    public static TlsMaterial in(Path folder, Instant notBefore, Instant notAfter) throws IOException {
        Files.createDirectories(folder);
        try (FileChannel lockFile = FileChannel.open(folder.resolve(".lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE); FileLock ignored = lockFile.lock()) {
            TlsMaterial material = new TlsMaterial(folder);
            if (!Files.isRegularFile(material.caFile())) {
                material.make(notBefore, notAfter);
            }
            return material;
        }
    }

    public Path folder() { return folder; }
    public Path caFile() { return folder.resolve(CA); }
    public Path certificateFile() { return folder.resolve(CERTIFICATE); }
    public Path keyFile() { return folder.resolve(KEY); }

    /**
     * Writes the server's key and certificate chain into a PKCS#12 key store {@code file} (its owner's alone), locked
     * with {@code password}: for an engine whose TLS is the JVM's (JSSE), which reads a key store.
     */
    public void writeKeyStore(Path file, char[] password) throws IOException {
        try {
            java.security.KeyStore store = java.security.KeyStore.getInstance("PKCS12");
            store.load(null, password);
            String key = Files.readString(keyFile(), StandardCharsets.US_ASCII)
                    .replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
            java.security.PrivateKey privateKey = java.security.KeyFactory.getInstance(SERVER_KEY).generatePrivate(
                    new java.security.spec.PKCS8EncodedKeySpec(java.util.Base64.getDecoder().decode(key)));
            store.setKeyEntry("server", privateKey, password,
                    certificates(certificateFile()).toArray(java.security.cert.Certificate[]::new));
            writeStore(store, file, password);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IOException("the run's key store could not be written: " + e.getMessage(), e);
        }
    }

    /** Writes the authority's certificate, the one a client trusts, into a PKCS#12 trust store {@code file}. */
    public void writeTrustStore(Path file, char[] password) throws IOException {
        try {
            java.security.KeyStore store = java.security.KeyStore.getInstance("PKCS12");
            store.load(null, password);
            store.setCertificateEntry("fixbench-run-ca", certificates(caFile()).get(0));
            writeStore(store, file, password);
        } catch (GeneralSecurityException e) {
            throw new IOException("the run's trust store could not be written: " + e.getMessage(), e);
        }
    }

    private static List<java.security.cert.Certificate> certificates(Path pem)
            throws IOException, GeneralSecurityException {
        try (java.io.InputStream in = Files.newInputStream(pem)) {
            return new ArrayList<>(java.security.cert.CertificateFactory.getInstance("X.509").generateCertificates(in));
        }
    }

    private static void writeStore(java.security.KeyStore store, Path file, char[] password)
            throws IOException, GeneralSecurityException {
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try (java.io.OutputStream out = Files.newOutputStream(file)) {
            store.store(out, password);
        }
    }

    private void make(Instant notBefore, Instant notAfter) throws IOException {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"), new SecureRandom());
            KeyPair ca = generator.generateKeyPair();
            KeyPairGenerator serverGenerator = KeyPairGenerator.getInstance(SERVER_KEY);
            serverGenerator.initialize(SERVER_KEY_BITS, new SecureRandom());
            KeyPair server = serverGenerator.generateKeyPair();
            SecureRandom random = new SecureRandom();
            X500Name caName = new X500Name("CN=fixbench throwaway CA " + Long.toHexString(random.nextLong()));
            X509v3CertificateBuilder caBuilder = new JcaX509v3CertificateBuilder(caName, serial(random),
                    Date.from(notBefore), Date.from(notAfter), caName, ca.getPublic());
            caBuilder.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
            caBuilder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
            X509Certificate caCertificate = sign(caBuilder, ca);
            X509v3CertificateBuilder serverBuilder = new JcaX509v3CertificateBuilder(caName, serial(random),
                    Date.from(notBefore), Date.from(notAfter), new X500Name("CN=fixbench server"), server.getPublic());
            serverBuilder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
            serverBuilder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature
                    | KeyUsage.keyEncipherment));
            serverBuilder.addExtension(Extension.extendedKeyUsage, false,
                    new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
            serverBuilder.addExtension(Extension.subjectAlternativeName, false, names());
            X509Certificate serverCertificate = sign(serverBuilder, ca);
            // the key first and the authority last: a folder with ca.pem is whole
            write(keyFile(), pem(new JcaPKCS8Generator(server.getPrivate(), null)));
            write(certificateFile(), pem(serverCertificate) + pem(caCertificate));
            write(caFile(), pem(caCertificate));
        } catch (GeneralSecurityException | OperatorCreationException e) {
            throw new IOException("the run's TLS certificates could not be made: " + e.getMessage(), e);
        }
    }

    /** The loopback addresses, {@code localhost}, and every address of this host's interfaces. */
    private static GeneralNames names() throws IOException {
        List<GeneralName> names = new ArrayList<>();
        names.add(new GeneralName(GeneralName.dNSName, "localhost"));
        List<String> addresses = new ArrayList<>(List.of("127.0.0.1", "::1"));
        for (java.net.NetworkInterface nic : java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces())) {
            for (InetAddress a : java.util.Collections.list(nic.getInetAddresses())) {
                String text = a.getHostAddress();
                int scope = text.indexOf('%');
                text = scope < 0 ? text : text.substring(0, scope);
                if (!addresses.contains(text)) {
                    addresses.add(text);
                }
            }
        }
        addresses.forEach(a -> names.add(new GeneralName(GeneralName.iPAddress, a)));
        return new GeneralNames(names.toArray(GeneralName[]::new));
    }

    private static BigInteger serial(SecureRandom random) {
        return new BigInteger(64, random).add(BigInteger.ONE);
    }

    private static X509Certificate sign(X509v3CertificateBuilder builder, KeyPair signer)
            throws GeneralSecurityException, OperatorCreationException {
        return new JcaX509CertificateConverter().getCertificate(
                builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(signer.getPrivate())));
    }

    private static String pem(Object o) throws IOException {
        StringWriter text = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(text)) {
            writer.writeObject(o instanceof JcaPKCS8Generator g ? g.generate() : o);
        }
        return text.toString();
    }

    /** Written whole (a temporary file moved into place), readable by this user alone. */
    private static void write(Path file, String text) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.deleteIfExists(tmp);
        Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.US_ASCII)) {
            w.write(text);
        }
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
