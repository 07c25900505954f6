package org.fixbench.engine.quickfixj;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;

import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.TlsMaterial;

import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionSettings;

/**
 * QuickFIX/J's own TLS (MINA's SSL filter, {@code SocketUseSSL=Y}) with the run's certificates ({@link TlsMaterial}):
 * the acceptor presents the server's key and chain from a key store made for this process, the initiator trusts the
 * run's authority alone and checks the server's address in its certificate (endpoint identification). Each store is
 * locked with a password made for this process and held in its memory only.
 *
 * <p>The stores are always the suite's: a profile that names its own is refused, and QuickFIX/J's fallbacks (its
 * bundled {@code quickfixj.keystore} when no key store is named, the JDK's trusted authorities when no trust store
 * is) are never reached.
 */
final class QuickFixJTls {
    /** The settings the suite sets for a TLS session, which a profile must leave out. */
    static final List<String> SUITE_SETS = List.of("SocketKeyStore", "SocketKeyStorePassword", "KeyStoreType",
            "SocketTrustStore", "SocketTrustStorePassword", "TrustStoreType");

    private QuickFixJTls() {
    }

    /** Whether the profile's sessions use QuickFIX/J's TLS. */
    static boolean on(SessionSettings defaults) {
        try {
            return defaults.isSetting("SocketUseSSL") && defaults.getBool("SocketUseSSL");
        } catch (quickfix.ConfigError | quickfix.FieldConvertError e) {
            return false;
        }
    }

    /**
     * Sets each of {@code ids}' stores in {@code settings}, writing them into {@code side} (removed with the side's
     * folder). @throws IllegalArgumentException (one line) when the profile names a store itself
     */
    static void configure(SessionSettings settings, List<SessionID> ids, boolean acceptor, EngineSetup setup,
                          Path side) throws IOException {
        for (String key : SUITE_SETS) {
            if (settings.isSetting(key)) {
                throw new IllegalArgumentException(setup.profileFile() + ": " + key + " is set by the suite for a TLS "
                        + "session (certificates made for the run); the profile must leave it out");
            }
        }
        TlsMaterial material = TlsMaterial.in(TlsMaterial.folderFor(setup));
        char[] password = passwords.get();
        Path trust = side.resolve("trust.p12");
        material.writeTrustStore(trust, password);
        Path keys = trust;
        if (acceptor) {
            keys = side.resolve("keys.p12");
            material.writeKeyStore(keys, password);
        }
        for (SessionID id : ids) {
            settings.setString(id, "SocketKeyStore", keys.toString());
            settings.setString(id, "SocketKeyStorePassword", new String(password));
            settings.setString(id, "KeyStoreType", "PKCS12");
            settings.setString(id, "SocketTrustStore", trust.toString());
            settings.setString(id, "SocketTrustStorePassword", new String(password));
            settings.setString(id, "TrustStoreType", "PKCS12");
            if (!acceptor) {
                settings.setString(id, "EndpointIdentificationAlgorithm", "HTTPS");
            }
        }
    }

    /** Where each process's store password comes from: {@link #password()}; a test plants one to search for it. */
    static volatile java.util.function.Supplier<char[]> passwords = QuickFixJTls::password;

    private static char[] password() {
        SecureRandom random = new SecureRandom();
        char[] password = new char[24];
        String alphabet = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
        for (int i = 0; i < password.length; i++) {
            password[i] = alphabet.charAt(random.nextInt(alphabet.length()));
        }
        return password;
    }

    /**
     * The protocol and cipher suite {@code session}'s connection negotiated, e.g. {@code TLSv1.3
     * TLS_AES_256_GCM_SHA384}, read from MINA's session (QuickFIX/J does not hand it out: its responder's connection
     * is read by reflection); why not, when it cannot be read.
     */
    static String negotiated(Session session) {
        try {
            Object responder = session.getResponder();
            java.lang.reflect.Field field = responder.getClass().getDeclaredField("ioSession");
            field.setAccessible(true);
            org.apache.mina.core.session.IoSession io = (org.apache.mina.core.session.IoSession) field.get(responder);
            Object ssl = io.getAttribute(org.apache.mina.filter.ssl.SslFilter.SSL_SECURED);
            if (ssl instanceof javax.net.ssl.SSLSession s) {
                return s.getProtocol() + " " + s.getCipherSuite();
            }
            return org.fixbench.engine.Tls.NOT_READ;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return org.fixbench.engine.Tls.NOT_READ;
        }
    }

    /**
     * Why a TLS session to {@code server} cannot be opened with {@code id}'s settings in {@code settings}: one
     * handshake with the JDK's TLS, as QuickFIX/J's initiator makes it (its trust store, its protocols, the server's
     * address checked), whose failure QuickFIX/J only logs; null when it succeeds. Made only after a Logon did not
     * come.
     */
    static String handshakeFailure(SessionSettings settings, SessionID id, java.net.InetSocketAddress server) {
        try {
            java.security.KeyStore trust = java.security.KeyStore.getInstance("PKCS12");
            char[] password = settings.getString(id, "SocketTrustStorePassword").toCharArray();
            try (java.io.InputStream in = Files.newInputStream(Path.of(settings.getString(id, "SocketTrustStore")))) {
                trust.load(in, password);
            }
            javax.net.ssl.TrustManagerFactory trustManagers = javax.net.ssl.TrustManagerFactory.getInstance("PKIX");
            trustManagers.init(trust);
            javax.net.ssl.SSLContext context = javax.net.ssl.SSLContext.getInstance("TLS");
            context.init(null, trustManagers.getTrustManagers(), null);
            try (javax.net.ssl.SSLSocket socket = (javax.net.ssl.SSLSocket) context.getSocketFactory()
                    .createSocket(server.getAddress(), server.getPort())) {
                javax.net.ssl.SSLParameters parameters = socket.getSSLParameters();
                parameters.setEndpointIdentificationAlgorithm("HTTPS");
                if (settings.isSetting(id, "EnabledProtocols")) {
                    parameters.setProtocols(settings.getString(id, "EnabledProtocols").split(","));
                }
                socket.setSSLParameters(parameters);
                socket.setSoTimeout(5_000);
                socket.startHandshake();
                return null;
            }
        } catch (Exception e) {
            Throwable root = e;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            return "the TLS handshake with " + server.getAddress().getHostAddress() + ":" + server.getPort()
                    + " failed: " + root.getClass().getSimpleName() + ": " + root.getMessage();
        }
    }

    /** Removes the stores written into {@code side}. */
    static void remove(Path side) {
        for (String name : List.of("trust.p12", "keys.p12")) {
            try {
                Files.deleteIfExists(side.resolve(name));
            } catch (IOException e) {
                // the work folder goes with the run
            }
        }
    }
}
