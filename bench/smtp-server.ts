// The bench's mail server, in a process of its own (bench/run.ts): it accepts every message and
// keeps none, so the shop's mail throughput is measured against a server that is never the limit.
import { startSmtpSink } from '../apps/server/src/test/smtp-sink';

const sink = await startSmtpSink({ keep: false });
console.log(`smtp listening on smtp://127.0.0.1:${sink.port}`);
