#include "core/schema/catalogobjects.h"

#include <QDataStream>

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
                                          QList<Packed> columns)
{
    CatalogColumns result(std::move(strings));
    result.m_columns = std::move(columns);
    return result;
}

CatalogColumn CatalogColumns::at(qsizetype i) const
{
    const Packed &packed = m_columns.at(i);
    CatalogColumn column;
    column.name = m_strings->at(packed.name);
    column.type = m_strings->at(packed.type);
    column.nullable = packed.nullable;
    column.primaryKeyPosition = packed.primaryKeyPosition;
    column.defaultValue = m_strings->at(packed.defaultValue);
    column.comment = m_strings->at(packed.comment);
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

const QString &CatalogColumns::comment(qsizetype i) const
{
    return m_strings->at(m_columns.at(i).comment);
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

void CatalogColumns::append(const CatalogColumn &column)
{
    CatalogStrings &strings = writableStrings();
    Packed packed;
    packed.name = strings.intern(column.name);
    packed.type = strings.intern(column.type);
    packed.defaultValue = strings.intern(column.defaultValue);
    packed.comment = strings.intern(column.comment);
    packed.primaryKeyPosition = quint16(qBound(0, column.primaryKeyPosition, 0xffff));
    packed.nullable = column.nullable;
    m_columns.append(packed);
}

void CatalogColumns::setPrimaryKeyPosition(qsizetype i, int position)
{
    m_columns[i].primaryKeyPosition = quint16(qBound(0, position, 0xffff));
}

bool operator==(const CatalogColumns &a, const CatalogColumns &b)
{
    if (a.size() != b.size())
        return false;
    if (a.m_strings == b.m_strings)
        return a.m_columns == b.m_columns;
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
    }
    return u"table"_s;
}

// ---- the cache's binary form ----------------------------------------------------------------

namespace {

constexpr quint32 Magic = 0x534d4354; // "SMCT"
constexpr quint16 Version = 1;

void writeIds(QDataStream &out, CatalogStrings &pool, const QStringList &texts)
{
    out << quint32(texts.size());
    for (const QString &text : texts)
        out << pool.intern(text);
}

bool readIds(QDataStream &in, const CatalogStrings &pool, QStringList &texts)
{
    quint32 count = 0;
    in >> count;
    if (in.status() != QDataStream::Ok || count > 100000)
        return false;
    texts.reserve(count);
    for (quint32 i = 0; i < count; ++i) {
        quint32 id = 0;
        in >> id;
        if (id >= quint32(pool.size()))
            return false;
        texts.append(pool.at(id));
    }
    return in.status() == QDataStream::Ok;
}

} // namespace

void writeCatalogTables(QDataStream &out, const QList<CatalogTable> &tables)
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
    CatalogStrings pool;
    if (common && shared) {
        for (qsizetype i = 1; i < common->size(); ++i)
            pool.intern(common->at(quint32(i)));
    }
    struct Row
    {
        quint32 schema, name, comment;
        QList<CatalogColumns::Packed> columns;
    };
    QList<Row> rows;
    rows.reserve(tables.size());
    for (const CatalogTable &table : tables) {
        Row row{pool.intern(table.schema), pool.intern(table.name), pool.intern(table.comment), {}};
        if (shared) {
            row.columns = table.columns.packedColumns();
        } else {
            for (const CatalogColumn &column : table.columns) {
                CatalogColumns::Packed packed;
                packed.name = pool.intern(column.name);
                packed.type = pool.intern(column.type);
                packed.defaultValue = pool.intern(column.defaultValue);
                packed.comment = pool.intern(column.comment);
                packed.primaryKeyPosition = quint16(column.primaryKeyPosition);
                packed.nullable = column.nullable;
                row.columns.append(packed);
            }
        }
        rows.append(std::move(row));
    }
    // Foreign keys are interned before the pool is written.
    for (const CatalogTable &table : tables) {
        for (const CatalogForeignKey &key : table.foreignKeys) {
            pool.intern(key.name);
            pool.intern(key.referencedSchema);
            pool.intern(key.referencedTable);
            for (const QString &column : key.columns)
                pool.intern(column);
            for (const QString &column : key.referencedColumns)
                pool.intern(column);
        }
    }

    out << Magic << Version << quint32(pool.size() - 1);
    for (qsizetype i = 1; i < pool.size(); ++i)
        out << pool.at(quint32(i));
    out << quint32(tables.size());
    for (qsizetype t = 0; t < tables.size(); ++t) {
        const CatalogTable &table = tables.at(t);
        const Row &row = rows.at(t);
        out << row.schema << row.name << quint8(table.kind) << table.rowEstimate << row.comment;
        out << quint32(row.columns.size());
        for (const CatalogColumns::Packed &packed : row.columns) {
            out << packed.name << packed.type << packed.defaultValue << packed.comment
                << packed.primaryKeyPosition << quint8(packed.nullable ? 1 : 0);
        }
        out << quint32(table.foreignKeys.size());
        for (const CatalogForeignKey &key : table.foreignKeys) {
            out << pool.intern(key.name);
            writeIds(out, pool, key.columns);
            out << pool.intern(key.referencedSchema) << pool.intern(key.referencedTable);
            writeIds(out, pool, key.referencedColumns);
        }
    }
}

std::optional<QList<CatalogTable>> readCatalogTables(QDataStream &in)
{
    quint32 magic = 0;
    quint16 version = 0;
    quint32 stringCount = 0;
    in >> magic >> version >> stringCount;
    if (in.status() != QDataStream::Ok || magic != Magic || version != Version)
        return std::nullopt;
    QList<QString> strings;
    strings.reserve(qsizetype(std::min<quint32>(stringCount, 1u << 24)) + 1);
    strings.append(QString());
    for (quint32 i = 0; i < stringCount; ++i) {
        QString text;
        in >> text;
        if (in.status() != QDataStream::Ok)
            return std::nullopt;
        strings.append(text);
    }
    const std::shared_ptr<CatalogStrings> pool = CatalogStrings::fromStrings(std::move(strings));
    const auto text = [&pool](quint32 id, bool &ok) {
        if (id >= quint32(pool->size())) {
            ok = false;
            return QString();
        }
        return pool->at(id);
    };

    quint32 tableCount = 0;
    in >> tableCount;
    if (in.status() != QDataStream::Ok)
        return std::nullopt;
    QList<CatalogTable> tables;
    tables.reserve(qsizetype(std::min<quint32>(tableCount, 1u << 22)));
    bool ok = true;
    for (quint32 t = 0; t < tableCount && ok; ++t) {
        CatalogTable table;
        quint32 schema = 0, name = 0, comment = 0, columnCount = 0;
        quint8 kind = 0;
        in >> schema >> name >> kind >> table.rowEstimate >> comment >> columnCount;
        if (in.status() != QDataStream::Ok || kind > quint8(CatalogTableKind::ForeignTable)
            || columnCount > 100000)
            return std::nullopt;
        table.schema = text(schema, ok);
        table.name = text(name, ok);
        table.kind = CatalogTableKind(kind);
        table.comment = text(comment, ok);
        QList<CatalogColumns::Packed> columns;
        columns.resize(columnCount);
        for (CatalogColumns::Packed &packed : columns) {
            quint8 nullable = 1;
            in >> packed.name >> packed.type >> packed.defaultValue >> packed.comment
                    >> packed.primaryKeyPosition >> nullable;
            packed.nullable = nullable != 0;
            const auto size = quint32(pool->size());
            if (packed.name >= size || packed.type >= size || packed.defaultValue >= size
                || packed.comment >= size)
                ok = false;
        }
        table.columns = CatalogColumns::fromPacked(pool, std::move(columns));
        quint32 keyCount = 0;
        in >> keyCount;
        if (in.status() != QDataStream::Ok || keyCount > 100000)
            return std::nullopt;
        for (quint32 k = 0; k < keyCount && ok; ++k) {
            CatalogForeignKey key;
            quint32 keyName = 0, referencedSchema = 0, referencedTable = 0;
            in >> keyName;
            key.name = text(keyName, ok);
            ok = ok && readIds(in, *pool, key.columns);
            in >> referencedSchema >> referencedTable;
            key.referencedSchema = text(referencedSchema, ok);
            key.referencedTable = text(referencedTable, ok);
            ok = ok && readIds(in, *pool, key.referencedColumns);
            table.foreignKeys.append(std::move(key));
        }
        tables.append(std::move(table));
    }
    if (!ok || in.status() != QDataStream::Ok)
        return std::nullopt;
    return tables;
}

} // namespace sqlmend::core
