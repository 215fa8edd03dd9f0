process.env.PARTA_TEST_DB = 'pgbouncer';
