//! What the tests of several files share: a PostgreSQL schema of their own.

/// A new PostgreSQL schema for one test, as a database address that uses it, on the server in
/// `DUOBAO_TEST_POSTGRES` (which `scripts/with-postgres.sh` starts). Without one: `None`, or a
/// failure where `DUOBAO_REQUIRE_POSTGRES=1` (as the test command sets).
pub async fn postgres_url() -> Option<String> {
    let Ok(base) = std::env::var("DUOBAO_TEST_POSTGRES") else {
        assert!(
            std::env::var("DUOBAO_REQUIRE_POSTGRES").as_deref() != Ok("1"),
            "DUOBAO_REQUIRE_POSTGRES=1 but DUOBAO_TEST_POSTGRES is not set (run through scripts/with-postgres.sh)"
        );
        eprintln!("skipped the PostgreSQL half: DUOBAO_TEST_POSTGRES unset");
        return None;
    };
    let schema = format!("conformance_{}", rand_suffix());
    let (client, connection) = tokio_postgres::connect(&base, tokio_postgres::NoTls)
        .await
        .expect("the test server answers");
    tokio::spawn(connection);
    client
        .batch_execute(&format!("CREATE SCHEMA {schema}"))
        .await
        .unwrap();
    let joiner = if base.contains('?') { '&' } else { '?' };
    Some(format!("{base}{joiner}options=-csearch_path%3D{schema}"))
}

pub fn rand_suffix() -> String {
    use std::time::{SystemTime, UNIX_EPOCH};
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!("{}_{}", std::process::id(), nanos % 1_000_000_000)
}
