@a = global i32* null
@b = global ptr null
