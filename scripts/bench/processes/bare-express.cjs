// The baseline of the HTTP benchmark: bare Express 4 answering a small JSON body, on the port in PORT.
const express = require('express');

const app = express();
app.get('/', (_req, res) => res.json({ success: true, data: { status: 'ok' }, timestamp: Date.now() }));
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
