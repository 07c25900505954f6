'use strict'
// fixbench's order executor on jspurefix (npm, Node.js): a FIX acceptor that answers each NewOrderSingle with one
// ExecutionReport (ExecType and OrdStatus New) echoing its ClOrdID, as every fixbench server does. jspurefix's samples
// have none. Logs only errors (its default logs every message at info).
//
//   node executor.js [--tls CERTIFICATE KEY PROTOCOL] [--store memory|file DIR] PORT SENDER TARGET BEGINSTRING
//
// FIX.4.4; node executor.js --version prints the version. With --tls, the sessions are TLS through jspurefix's own
// TLS acceptor (Node's tls): CERTIFICATE and KEY are PEM files, PROTOCOL (TLSv1.3 or TLSv1.2) the one version
// allowed; no client certificate is asked for. With --store, where its sessions keep their sequence numbers and
// sent messages: memory (its MemorySessionStore, as without --store) or file (its FileSessionStore in DIR, written
// message by message and never synced: its flush(), the one fsync, is not called by its sessions; so "synced" is
// refused). At its stop it prints the store's files and their sizes.
require('reflect-metadata')
const path = require('path')
const { SessionLauncher } = require('jspurefix/dist/runtime')
const { AsciiSession } = require('jspurefix/dist/transport')
const { JsFixWinstonLogFactory, WinstonLogger } = require('jspurefix/dist/config')

let args = process.argv.slice(2)
if (args[0] === '--version') {
  const own = require('jspurefix/package.json')
  console.log(`jspurefix ${own.version} on Node.js ${process.version} (fixbench executor)`)
  process.exit(0)
}
let tls = null
if (args[0] === '--tls') {
  const [certificate, key, protocol] = args.slice(1, 4)
  if (protocol !== 'TLSv1.3' && protocol !== 'TLSv1.2') {
    console.error(`jspurefix executor: --tls PROTOCOL must be TLSv1.3 or TLSv1.2 (was ${protocol})`)
    process.exit(2)
  }
  const fs = require('fs')
  // given as contents: jspurefix reads its own key and cert options relative to its package
  tls = {
    requestCert: false,
    rejectUnauthorized: false,
    nodeTlsServerOptions: {
      cert: fs.readFileSync(certificate, 'utf8'),
      key: fs.readFileSync(key, 'utf8'),
      minVersion: protocol,
      maxVersion: protocol,
      // jspurefix sets TCP_NODELAY on the sockets of its plain acceptor only: its TLS acceptor's sockets are given it
      // here, as every engine's are (without it, Nagle held replies back: 40 ms behind at 500/s)
      noDelay: true
    }
  }
  args = args.slice(4)
}
let store = null
if (args[0] === '--store') {
  const [level, directory] = args.slice(1, 3)
  if (level === 'synced') {
    console.error('jspurefix executor: --store synced is not offered: jspurefix\'s file store writes each message ' +
      'and its sessions never sync it (memory or file)')
    process.exit(2)
  }
  if (level !== 'memory' && level !== 'file') {
    console.error(`jspurefix executor: --store must be memory or file (was ${level})`)
    process.exit(2)
  }
  store = level === 'file' ? { type: 'file', directory } : null
  args = args.slice(3)
}
if (args.length !== 4) {
  console.error('usage: node executor.js [--tls CERTIFICATE KEY PROTOCOL] [--store memory|file DIR] PORT SENDER ' +
    'TARGET BEGINSTRING')
  process.exit(2)
}
const [port, sender, target, beginString] = args
if (beginString !== 'FIX.4.4') {
  console.error(`jspurefix executor: serves FIX.4.4 only (asked for ${beginString})`)
  process.exit(2)
}

class Executor extends AsciiSession {
  constructor (config) {
    super(config)
    this.counter = 0
  }

  onApplicationMsg (msgType, view) {
    if (msgType !== 'D') {
      const seqNum = view.getTyped('MsgSeqNum')
      const reject = this.config.factory?.reject(msgType, seqNum, `unexpected msg type '${msgType}'`, 11)
      if (reject) this.send('3', reject)
      return
    }
    const order = view.toObject()
    const n = ++this.counter
    this.send('8', {
      OrderID: `ORD-${n}`,
      ClOrdID: order.ClOrdID,
      ExecID: `EXE-${n}`,
      ExecType: '0',
      OrdStatus: '0',
      Instrument: { Symbol: order.Instrument?.Symbol },
      Side: order.Side,
      OrderQtyData: { OrderQty: order.OrderQtyData?.OrderQty },
      LeavesQty: order.OrderQtyData?.OrderQty,
      CumQty: 0,
      AvgPx: 0
    })
  }

  onLogon (view, user, password) { return true }
  onReady (view) { console.log(`logged on: ${target}`) }
  onStopped (error) { console.log(`session stopped${error ? ': ' + error.message : ''}`) }
  onDecoded (msgType, txt) {}
  onEncoded (msgType, txt) {}
}

const acceptor = {
  application: {
    type: 'acceptor',
    name: 'fixbench-executor',
    tcp: tls ? { host: '0.0.0.0', port: Number(port), tls } : { host: '0.0.0.0', port: Number(port) },
    protocol: 'ascii',
    dictionary: 'repo44'
  },
  EncryptMethod: 0,
  ResetSeqNumFlag: true,
  HeartBtInt: 30,
  SenderCompId: sender,
  TargetCompID: target,
  BeginString: beginString
}
if (store) acceptor.store = store

class Launcher extends SessionLauncher {
  constructor () {
    super(null, acceptor, new JsFixWinstonLogFactory(WinstonLogger.consoleOptions('error')))
    this.root = path.dirname(require.resolve('jspurefix/package.json'))
  }

  makeFactory (config) {
    return { makeSession: (c) => new Executor(c) }
  }
}

const launcher = new Launcher()
// The store's files and their sizes, one line: what a run kept on disk, seen before its work folder goes.
function printStore () {
  const fs = require('fs')
  if (!store) return
  if (!fs.existsSync(store.directory)) {
    console.log(`store at stop: no folder ${store.directory}`)
    return
  }
  const files = fs.readdirSync(store.directory)
    .map(f => ` ${f} ${fs.statSync(path.join(store.directory, f)).size} bytes;`)
  console.log(`store at stop:${files.join('')}`)
}
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => { launcher.stop(); printStore(); process.exit(0) })
}
console.log(`listening on ${port} as ${sender} for ${target} (${beginString})` +
  (tls ? `, TLS (its own, Node's tls, OpenSSL ${process.versions.openssl})` : '') +
  (store ? `, store: its FileSessionStore in ${store.directory} (not synced)` : ', store: its MemorySessionStore'))
launcher.run().catch(e => { console.error(`jspurefix executor: ${e.message || e}`); process.exit(1) })
