//! Generic search machinery: ranking, packed tables, table files and the table cache,
//! breadth-first table generation and IDA*.

pub mod ida;
