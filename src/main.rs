fn main() {
    println!("infraprep");
}
