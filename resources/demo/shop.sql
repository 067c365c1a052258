-- SQLMend demo database: a small shop. Names are chosen so that classic text-to-SQL mistakes
-- happen and can be corrected: `username` (not user_name), `orders` (not order),
-- `payment_time` (not pay_time), `unit_price` (not price) in order_items.
-- Rows are generated deterministically, so every copy of the demo holds the same data.

CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    username TEXT NOT NULL UNIQUE,
    email TEXT NOT NULL,
    city TEXT NOT NULL,
    created_at TEXT NOT NULL
);

CREATE TABLE products (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    category TEXT NOT NULL,
    price REAL NOT NULL
);

CREATE TABLE orders (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    status TEXT NOT NULL,
    total REAL NOT NULL,
    created_at TEXT NOT NULL
);

CREATE TABLE order_items (
    id INTEGER PRIMARY KEY,
    order_id INTEGER NOT NULL REFERENCES orders(id),
    product_id INTEGER NOT NULL REFERENCES products(id),
    quantity INTEGER NOT NULL,
    unit_price REAL NOT NULL
);

CREATE TABLE payments (
    id INTEGER PRIMARY KEY,
    order_id INTEGER NOT NULL REFERENCES orders(id),
    method TEXT NOT NULL,
    amount REAL NOT NULL,
    payment_time TEXT NOT NULL
);

CREATE INDEX orders_user ON orders(user_id);
CREATE INDEX orders_created ON orders(created_at);
CREATE INDEX items_order ON order_items(order_id);
CREATE INDEX payments_order ON payments(order_id);

INSERT INTO products (id, name, category, price) VALUES
    (1, 'Espresso beans 1kg', 'Coffee', 24.90),
    (2, 'Filter coffee 500g', 'Coffee', 11.50),
    (3, 'Green tea 100g', 'Tea', 8.20),
    (4, 'Earl Grey 250g', 'Tea', 9.80),
    (5, 'Ceramic mug', 'Kitchen', 12.00),
    (6, 'Pour-over kettle', 'Kitchen', 39.00),
    (7, 'Hand grinder', 'Kitchen', 54.00),
    (8, 'Dark chocolate bar', 'Snacks', 3.60),
    (9, 'Almond biscuits', 'Snacks', 4.90),
    (10, 'Oat milk 1l', 'Dairy-free', 2.70),
    (11, 'Cold brew bottle', 'Coffee', 6.50),
    (12, 'Gift box', 'Gifts', 45.00);

WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60)
INSERT INTO users (id, username, email, city, created_at)
SELECT i,
       'user' || printf('%02d', i),
       'user' || printf('%02d', i) || '@example.com',
       CASE i % 6 WHEN 0 THEN 'Berlin' WHEN 1 THEN 'Shanghai' WHEN 2 THEN 'Lisbon'
                  WHEN 3 THEN 'Toronto' WHEN 4 THEN 'Osaka' ELSE 'Nairobi' END,
       date('2024-01-01', '+' || ((i * 5) % 180) || ' days')
FROM n;

WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400)
INSERT INTO orders (id, user_id, status, total, created_at)
SELECT i,
       1 + (i * 37) % 60,
       CASE WHEN i % 17 = 0 THEN 'cancelled' WHEN i % 9 = 0 THEN 'refunded'
            WHEN i > 380 THEN 'pending' ELSE 'paid' END,
       0,
       datetime('2024-07-01', '+' || ((i * 11) % 365) || ' days', '+' || (i % 24) || ' hours')
FROM n;

WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
INSERT INTO order_items (id, order_id, product_id, quantity, unit_price)
SELECT i,
       1 + (i * 7) % 400,
       1 + (i * 13 + i / 50) % 12,
       1 + (i * 3) % 4,
       (SELECT price FROM products WHERE id = 1 + (i * 13 + i / 50) % 12)
FROM n;

UPDATE orders
SET total = round(COALESCE((SELECT sum(quantity * unit_price) FROM order_items
                            WHERE order_items.order_id = orders.id), 0), 2);

INSERT INTO payments (id, order_id, method, amount, payment_time)
SELECT id, id,
       CASE id % 4 WHEN 0 THEN 'card' WHEN 1 THEN 'paypal' WHEN 2 THEN 'alipay' ELSE 'bank_transfer' END,
       total,
       datetime(created_at, '+' || (id % 50) || ' minutes')
FROM orders
WHERE status IN ('paid', 'refunded') AND total > 0;
