#include "core/schema/catalogobjects.h"

#include <cstring>
#include <type_traits>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

// ---- CatalogStrings -------------------------------------------------------------------------

CatalogStrings::CatalogStrings()
{
    m_strings.append(QString());
}

quint32 CatalogStrings::intern(const QString &text)
{
    if (text.isEmpty())
        return 0;
    Q_ASSERT(!m_sealed);
    if (m_ids.isEmpty() && m_strings.size() > 1) {
        // A pool restored from the cache has no lookup table until someone writes to it.
        m_ids.reserve(m_strings.size());
        for (qsizetype i = 1; i < m_strings.size(); ++i)
            m_ids.insert(m_strings.at(i), quint32(i));
    }
    const auto found = m_ids.constFind(text);
    if (found != m_ids.constEnd())
        return found.value();
    const auto id = quint32(m_strings.size());
    m_strings.append(text);
    m_ids.insert(text, id);
    return id;
}

void CatalogStrings::seal()
{
    m_sealed = true;
    m_ids = {};
    m_strings.squeeze();
}

std::shared_ptr<CatalogStrings> CatalogStrings::unsealedCopy() const
{
    auto copy = std::make_shared<CatalogStrings>();
    copy->m_strings = m_strings; // the lookup table is rebuilt by the first intern()
    return copy;
}

std::shared_ptr<CatalogStrings> CatalogStrings::fromStrings(QList<QString> strings)
{
    auto pool = std::make_shared<CatalogStrings>();
    if (strings.isEmpty() || !strings.first().isEmpty())
        strings.prepend(QString());
    pool->m_strings = std::move(strings);
    pool->m_sealed = true;
    return pool;
}

// ---- CatalogColumns -------------------------------------------------------------------------

CatalogColumns::CatalogColumns(std::shared_ptr<CatalogStrings> strings)
    : m_strings(std::move(strings))
{
}

CatalogColumns CatalogColumns::fromPacked(std::shared_ptr<CatalogStrings> strings,
                                          QList<Packed> columns, QList<Extra> extras)
{
    CatalogColumns result(std::move(strings));
    result.m_columns = std::move(columns);
    result.m_extras = std::move(extras);
    return result;
}

const CatalogColumns::Extra *CatalogColumns::extra(qsizetype i) const
{
    if (!(m_columns.at(i).flags & Packed::HasExtra))
        return nullptr;
    const auto found = std::lower_bound(
            m_extras.cbegin(), m_extras.cend(), quint32(i),
            [](const Extra &extra, quint32 column) { return extra.column < column; });
    return found != m_extras.cend() && found->column == quint32(i) ? &*found : nullptr;
}

CatalogColumn CatalogColumns::at(qsizetype i) const
{
    const Packed &packed = m_columns.at(i);
    CatalogColumn column;
    column.name = m_strings->at(packed.name);
    column.type = m_strings->at(packed.type);
    column.nullable = packed.flags & Packed::Nullable;
    column.primaryKeyPosition = packed.primaryKeyPosition;
    if (const Extra *more = extra(i)) {
        column.defaultValue = m_strings->at(more->defaultValue);
        column.comment = m_strings->at(more->comment);
    }
    return column;
}

const QString &CatalogColumns::name(qsizetype i) const
{
    return m_strings->at(m_columns.at(i).name);
}

const QString &CatalogColumns::type(qsizetype i) const
{
    return m_strings->at(m_columns.at(i).type);
}

const QString &CatalogColumns::defaultValue(qsizetype i) const
{
    const Extra *more = extra(i);
    return m_strings->at(more ? more->defaultValue : 0);
}

const QString &CatalogColumns::comment(qsizetype i) const
{
    const Extra *more = extra(i);
    return m_strings->at(more ? more->comment : 0);
}

qsizetype CatalogColumns::indexOf(QStringView name, Qt::CaseSensitivity cs) const
{
    for (qsizetype i = 0; i < m_columns.size(); ++i) {
        if (m_strings->at(m_columns.at(i).name).compare(name, cs) == 0)
            return i;
    }
    return -1;
}

QStringList CatalogColumns::names() const
{
    QStringList result;
    result.reserve(m_columns.size());
    for (const Packed &packed : m_columns)
        result.append(m_strings->at(packed.name));
    return result;
}

CatalogStrings &CatalogColumns::writableStrings()
{
    if (!m_strings) {
        m_strings = std::make_shared<CatalogStrings>();
    } else if (m_strings->isSealed()) {
        // Shared with other tables, perhaps on other threads: write to a copy of our own.
        m_strings = m_strings->unsealedCopy();
    }
    return *m_strings;
}

void CatalogColumns::appendInterned(quint32 name, quint32 type, bool nullable,
                                    int primaryKeyPosition, quint32 defaultValue, quint32 comment)
{
    Packed packed;
    packed.name = name;
    packed.type = type;
    packed.primaryKeyPosition = quint16(qBound(0, primaryKeyPosition, 0xffff));
    packed.flags = nullable ? Packed::Nullable : 0;
    if (defaultValue != 0 || comment != 0) {
        packed.flags |= Packed::HasExtra;
        m_extras.append({quint32(m_columns.size()), defaultValue, comment});
    }
    m_columns.append(packed);
}

void CatalogColumns::append(const CatalogColumn &column)
{
    CatalogStrings &strings = writableStrings();
    const quint32 name = strings.intern(column.name);
    const quint32 type = strings.intern(column.type);
    const quint32 defaultValue = strings.intern(column.defaultValue);
    const quint32 comment = strings.intern(column.comment);
    appendInterned(name, type, column.nullable, column.primaryKeyPosition, defaultValue, comment);
}

void CatalogColumns::setPrimaryKeyPosition(qsizetype i, int position)
{
    m_columns[i].primaryKeyPosition = quint16(qBound(0, position, 0xffff));
}

void CatalogColumns::squeeze()
{
    m_columns.squeeze();
    m_extras.squeeze();
}

void CatalogColumns::clear()
{
    m_columns.clear();
    m_extras.clear();
}

bool operator==(const CatalogColumns &a, const CatalogColumns &b)
{
    if (a.size() != b.size())
        return false;
    if (a.m_strings == b.m_strings)
        return a.m_columns == b.m_columns && a.m_extras == b.m_extras;
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (a.at(i) != b.at(i))
            return false;
    }
    return true;
}

// ---- CatalogTable ---------------------------------------------------------------------------

std::optional<CatalogColumn> CatalogTable::findColumn(QStringView columnName) const
{
    const qsizetype at = columns.indexOf(columnName, Qt::CaseInsensitive);
    if (at < 0)
        return std::nullopt;
    return columns.at(at);
}

QString catalogTableKindName(CatalogTableKind kind)
{
    switch (kind) {
    case CatalogTableKind::Table:
        return u"table"_s;
    case CatalogTableKind::View:
        return u"view"_s;
    case CatalogTableKind::MaterializedView:
        return u"materialized_view"_s;
    case CatalogTableKind::ForeignTable:
        return u"foreign_table"_s;
    case CatalogTableKind::DistributedTable:
        return u"distributed_table"_s;
    }
    return u"table"_s;
}

// ---- the cache's binary form ----------------------------------------------------------------

namespace {

// Native byte order and layout: the cache never leaves the machine that wrote it, and a file
// from another kind of machine fails the header check and is read from the database again.
constexpr quint32 Magic = 0x534d4354; // "SMCT"
constexpr quint32 Version = 4;
constexpr quint32 ByteOrderMark = 0x01020304;
static_assert(sizeof(CatalogColumns::Packed) == 12);
static_assert(sizeof(CatalogColumns::Extra) == 12);
static_assert(std::is_trivially_copyable_v<CatalogColumns::Packed>);
static_assert(std::is_trivially_copyable_v<CatalogColumns::Extra>);

class Writer
{
public:
    explicit Writer(QByteArray &out) : m_out(out) { }

    template<typename T>
    void put(T value)
    {
        static_assert(std::is_trivially_copyable_v<T>);
        m_out.append(reinterpret_cast<const char *>(&value), sizeof(T));
    }
    void putRaw(const void *data, qsizetype size)
    {
        m_out.append(static_cast<const char *>(data), size);
    }

private:
    QByteArray &m_out;
};

// Reads what Writer wrote; every read is checked against the end, so a damaged entry fails.
class Reader
{
public:
    explicit Reader(QByteArrayView in) : m_at(in.data()), m_end(in.data() + in.size()) { }

    template<typename T>
    bool get(T &value)
    {
        if (m_end - m_at < qsizetype(sizeof(T)))
            return false;
        std::memcpy(&value, m_at, sizeof(T));
        m_at += sizeof(T);
        return true;
    }
    const char *take(qsizetype size)
    {
        if (size < 0 || m_end - m_at < size)
            return nullptr;
        const char *data = m_at;
        m_at += size;
        return data;
    }
    bool atEnd() const { return m_at == m_end; }

private:
    const char *m_at;
    const char *m_end;
};

void putIds(Writer &out, CatalogStrings &pool, const QStringList &texts)
{
    out.put(quint32(texts.size()));
    for (const QString &text : texts)
        out.put(pool.intern(text));
}

bool getIds(Reader &in, const CatalogStrings &pool, QStringList &texts)
{
    quint32 count = 0;
    if (!in.get(count))
        return false;
    for (quint32 i = 0; i < count; ++i) {
        quint32 id = 0;
        if (!in.get(id) || id >= quint32(pool.size()))
            return false;
        texts.append(pool.at(id));
    }
    return true;
}

} // namespace

QByteArray serializeCatalogTables(const QList<CatalogTable> &tables)
{
    // The tables of one load share one pool: start from it so that their column records are
    // written as they are. Anything else is interned into the copy.
    std::shared_ptr<CatalogStrings> common;
    bool shared = true;
    for (const CatalogTable &table : tables) {
        if (table.columns.isEmpty())
            continue;
        if (!common)
            common = table.columns.strings();
        else if (table.columns.strings() != common)
            shared = false;
    }
    std::shared_ptr<CatalogStrings> pool =
            common && shared ? common->unsealedCopy() : std::make_shared<CatalogStrings>();
    QList<CatalogColumns> columns;
    columns.reserve(tables.size());
    for (const CatalogTable &table : tables) {
        pool->intern(table.schema);
        pool->intern(table.name);
        pool->intern(table.comment);
        pool->intern(table.engine);
        for (const CatalogForeignKey &key : table.foreignKeys) {
            pool->intern(key.name);
            pool->intern(key.referencedSchema);
            pool->intern(key.referencedTable);
            for (const QString &column : key.columns + key.referencedColumns)
                pool->intern(column);
        }
        if (shared) {
            columns.append(table.columns);
            continue;
        }
        CatalogColumns repacked(pool);
        for (const CatalogColumn &column : table.columns) {
            const quint32 name = pool->intern(column.name);
            const quint32 type = pool->intern(column.type);
            const quint32 defaultValue = pool->intern(column.defaultValue);
            const quint32 comment = pool->intern(column.comment);
            repacked.appendInterned(name, type, column.nullable, column.primaryKeyPosition,
                                    defaultValue, comment);
        }
        columns.append(repacked);
    }

    QByteArray bytes;
    Writer out(bytes);
    out.put(Magic);
    out.put(Version);
    out.put(ByteOrderMark);
    out.put(quint32(pool->size() - 1));
    for (qsizetype i = 1; i < pool->size(); ++i) {
        const QString &text = pool->at(quint32(i));
        out.put(quint32(text.size()));
        out.putRaw(text.constData(), text.size() * qsizetype(sizeof(QChar)));
    }
    out.put(quint32(tables.size()));
    for (qsizetype t = 0; t < tables.size(); ++t) {
        const CatalogTable &table = tables.at(t);
        out.put(pool->intern(table.schema));
        out.put(pool->intern(table.name));
        out.put(quint8(table.kind));
        out.put(table.rowEstimate);
        out.put(pool->intern(table.comment));
        out.put(pool->intern(table.engine));
        const QList<CatalogColumns::Packed> &records = columns.at(t).packedColumns();
        const QList<CatalogColumns::Extra> &extras = columns.at(t).extras();
        out.put(quint32(records.size()));
        out.putRaw(records.constData(), records.size() * qsizetype(sizeof(CatalogColumns::Packed)));
        out.put(quint32(extras.size()));
        out.putRaw(extras.constData(), extras.size() * qsizetype(sizeof(CatalogColumns::Extra)));
        out.put(quint32(table.foreignKeys.size()));
        for (const CatalogForeignKey &key : table.foreignKeys) {
            out.put(pool->intern(key.name));
            putIds(out, *pool, key.columns);
            out.put(pool->intern(key.referencedSchema));
            out.put(pool->intern(key.referencedTable));
            putIds(out, *pool, key.referencedColumns);
        }
    }
    return bytes;
}

std::optional<QList<CatalogTable>> deserializeCatalogTables(QByteArrayView bytes)
{
    Reader in(bytes);
    quint32 magic = 0, version = 0, byteOrder = 0, stringCount = 0;
    if (!in.get(magic) || !in.get(version) || !in.get(byteOrder) || !in.get(stringCount)
        || magic != Magic || version != Version || byteOrder != ByteOrderMark)
        return std::nullopt;
    QList<QString> strings;
    strings.reserve(qsizetype(std::min<quint32>(stringCount, quint32(bytes.size() / 4))) + 1);
    strings.append(QString());
    for (quint32 i = 0; i < stringCount; ++i) {
        quint32 length = 0;
        if (!in.get(length))
            return std::nullopt;
        const char *data = in.take(qsizetype(length) * qsizetype(sizeof(QChar)));
        if (!data)
            return std::nullopt;
        QString text(qsizetype(length), Qt::Uninitialized);
        if (length > 0) // an empty list has no buffer to copy into
            std::memcpy(text.data(), data, size_t(length) * sizeof(QChar));
        strings.append(std::move(text));
    }
    const std::shared_ptr<CatalogStrings> pool = CatalogStrings::fromStrings(std::move(strings));
    const auto size = quint32(pool->size());
    bool ok = true;
    const auto text = [&](quint32 id) {
        if (id >= size) {
            ok = false;
            return QString();
        }
        return pool->at(id);
    };

    quint32 tableCount = 0;
    if (!in.get(tableCount))
        return std::nullopt;
    QList<CatalogTable> tables;
    tables.reserve(qsizetype(std::min<quint32>(tableCount, quint32(bytes.size() / 32))));
    for (quint32 t = 0; t < tableCount && ok; ++t) {
        CatalogTable table;
        quint32 schema = 0, name = 0, comment = 0, engine = 0, columnCount = 0, keyCount = 0;
        quint8 kind = 0;
        if (!in.get(schema) || !in.get(name) || !in.get(kind) || !in.get(table.rowEstimate)
            || !in.get(comment) || !in.get(engine) || !in.get(columnCount)
            || kind > quint8(CatalogTableKind::DistributedTable))
            return std::nullopt;
        table.schema = text(schema);
        table.name = text(name);
        table.kind = CatalogTableKind(kind);
        table.comment = text(comment);
        table.engine = text(engine);
        const qsizetype recordBytes =
                qsizetype(columnCount) * qsizetype(sizeof(CatalogColumns::Packed));
        const char *records = in.take(recordBytes);
        if (!records)
            return std::nullopt;
        QList<CatalogColumns::Packed> columns;
        columns.resize(qsizetype(columnCount));
        if (recordBytes > 0) // a table without columns: no buffer to copy into
            std::memcpy(columns.data(), records, size_t(recordBytes));
        quint32 extraCount = 0;
        if (!in.get(extraCount) || extraCount > columnCount)
            return std::nullopt;
        const qsizetype extraBytes =
                qsizetype(extraCount) * qsizetype(sizeof(CatalogColumns::Extra));
        const char *extraRecords = in.take(extraBytes);
        if (!extraRecords)
            return std::nullopt;
        QList<CatalogColumns::Extra> extras;
        extras.resize(qsizetype(extraCount));
        if (extraBytes > 0)
            std::memcpy(extras.data(), extraRecords, size_t(extraBytes));
        // Every number must name a string, and every column that says it has more must have it.
        qsizetype flagged = 0;
        for (const CatalogColumns::Packed &packed : std::as_const(columns)) {
            if (packed.name >= size || packed.type >= size
                || (packed.flags
                    & ~(CatalogColumns::Packed::Nullable | CatalogColumns::Packed::HasExtra)))
                return std::nullopt;
            flagged += (packed.flags & CatalogColumns::Packed::HasExtra) ? 1 : 0;
        }
        if (flagged != extras.size())
            return std::nullopt;
        for (qsizetype e = 0; e < extras.size(); ++e) {
            const CatalogColumns::Extra &extra = extras.at(e);
            if (extra.defaultValue >= size || extra.comment >= size || extra.column >= columnCount
                || (e > 0 && extras.at(e - 1).column >= extra.column)
                || !(columns.at(extra.column).flags & CatalogColumns::Packed::HasExtra))
                return std::nullopt;
        }
        table.columns = CatalogColumns::fromPacked(pool, std::move(columns), std::move(extras));
        if (!in.get(keyCount))
            return std::nullopt;
        for (quint32 k = 0; k < keyCount && ok; ++k) {
            CatalogForeignKey key;
            quint32 keyName = 0, referencedSchema = 0, referencedTable = 0;
            ok = in.get(keyName) && getIds(in, *pool, key.columns) && in.get(referencedSchema)
                    && in.get(referencedTable) && getIds(in, *pool, key.referencedColumns);
            key.name = text(keyName);
            key.referencedSchema = text(referencedSchema);
            key.referencedTable = text(referencedTable);
            table.foreignKeys.append(std::move(key));
        }
        tables.append(std::move(table));
    }
    if (!ok || !in.atEnd())
        return std::nullopt;
    return tables;
}

} // namespace sqlmend::core
