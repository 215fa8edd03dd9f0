process.env.PARTA_TEST_DB = 'postgres';
