#include "ui/schematreemodel.h"

#include "ui/slicedrelease.h"

#include <QApplication>
#include <QFont>
#include <QPainter>
#include <QPixmap>
#include <QStyle>

#include <algorithm>
#include <numeric>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

namespace {

// A small key drawn in the text colour: no icon theme can be counted on.
QIcon makeKeyIcon()
{
    QIcon icon;
    for (const int size : {16, 32}) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        painter.setRenderHint(QPainter::Antialiasing);
        const qreal s = size / 16.0;
        QPen pen(QColor(0xc0, 0x90, 0x10), 1.6 * s);
        painter.setPen(pen);
        painter.drawEllipse(QPointF(5 * s, 8 * s), 3 * s, 3 * s);
        painter.drawLine(QPointF(8 * s, 8 * s), QPointF(14 * s, 8 * s));
        painter.drawLine(QPointF(12 * s, 8 * s), QPointF(12 * s, 11 * s));
        painter.drawLine(QPointF(14 * s, 8 * s), QPointF(14 * s, 11 * s));
        painter.end();
        icon.addPixmap(pixmap);
    }
    return icon;
}

// Column rows carry their table's node with the lowest bit set; nodes are aligned, so the bit
// is free.
constexpr quintptr ColumnTag = 1;

} // namespace

struct SchemaTreeModel::Node
{
    NodeKind kind = NodeKind::Message;
    Node *parent = nullptr;
    int row = 0; // position under the parent, kept as rows come and go
    int connection = 0;
    QString name;
    QString schema;
    bool isDefault = false;
    bool loaded = false;  // children known
    bool loading = false; // a request is on its way
    // Connections: their schemas (or one message). Schemas: the table rows shown so far, in
    // the order of matching (or one message).
    std::vector<std::unique_ptr<Node>> children;
    // Schemas: every table as delivered (sorted by name), and the positions of those the filter
    // lets through.
    QList<core::CatalogTable> tables;
    std::vector<int> matching;
    // Tables: the catalog entry, and the columns shown when the filter matched columns only.
    core::CatalogTable table;
    std::vector<int> columns;
    bool columnsFiltered = false;
    // Connections: their database's business notes.
    core::BusinessNotes notes;
};

// Decoded once: the style draws each icon anew when asked, which is what a tree of 50,000 rows
// must not do per painted row.
struct SchemaTreeModel::Icons
{
    QIcon connection;
    QIcon schema;
    QIcon table;
    QIcon key;
    QIcon foreignKey;
    QIcon message;
};

SchemaTreeModel::SchemaTreeModel(QObject *parent)
    : QAbstractItemModel(parent), m_root(std::make_unique<Node>())
{
    m_root->loaded = true;
}

SchemaTreeModel::~SchemaTreeModel() = default;

const SchemaTreeModel::Icons &SchemaTreeModel::icons() const
{
    if (!m_icons) {
        m_icons = std::make_unique<Icons>();
        const QStyle *style = QApplication::style();
        m_icons->connection = style->standardIcon(QStyle::SP_DriveHDIcon);
        m_icons->schema = style->standardIcon(QStyle::SP_DirIcon);
        m_icons->table = style->standardIcon(QStyle::SP_FileIcon);
        m_icons->key = makeKeyIcon();
        m_icons->foreignKey = style->standardIcon(QStyle::SP_ArrowRight);
        m_icons->message = style->standardIcon(QStyle::SP_MessageBoxWarning);
    }
    return *m_icons;
}

SchemaTreeModel::Node *SchemaTreeModel::nodeOf(const QModelIndex &index) const
{
    if (!index.isValid())
        return m_root.get();
    const quintptr id = index.internalId();
    if (id & ColumnTag)
        return nullptr;
    return reinterpret_cast<Node *>(id);
}

SchemaTreeModel::Node *SchemaTreeModel::columnTableOf(const QModelIndex &index,
                                                      qsizetype *column) const
{
    if (!index.isValid() || !(index.internalId() & ColumnTag))
        return nullptr;
    Node *table = reinterpret_cast<Node *>(index.internalId() & ~ColumnTag);
    if (column)
        *column = columnAt(table, index.row());
    return table;
}

QModelIndex SchemaTreeModel::indexOf(const Node *node, int column) const
{
    if (!node || node == m_root.get())
        return {};
    return createIndex(node->row, column, quintptr(node));
}

SchemaTreeModel::Node *SchemaTreeModel::findConnection(int connection) const
{
    for (const auto &child : m_root->children) {
        if (child->connection == connection)
            return child.get();
    }
    return nullptr;
}

SchemaTreeModel::Node *SchemaTreeModel::findSchema(int connection, const QString &schema) const
{
    Node *parent = findConnection(connection);
    if (!parent)
        return nullptr;
    for (const auto &child : parent->children) {
        if (child->kind == NodeKind::Schema && child->name == schema)
            return child.get();
    }
    return nullptr;
}

void SchemaTreeModel::clearChildren(Node *node)
{
    if (node->children.empty())
        return;
    beginRemoveRows(indexOf(node), 0, int(node->children.size()) - 1);
    node->children.clear();
    endRemoveRows();
}

void SchemaTreeModel::setMessage(Node *node, const QString &message)
{
    clearChildren(node);
    node->tables.clear();
    node->matching.clear();
    node->loaded = true;
    node->loading = false;
    auto child = std::make_unique<Node>();
    child->kind = NodeKind::Message;
    child->parent = node;
    child->connection = node->connection;
    child->schema = node->kind == NodeKind::Schema ? node->name : QString();
    child->name = message;
    child->loaded = true;
    beginInsertRows(indexOf(node), 0, 0);
    node->children.push_back(std::move(child));
    endInsertRows();
}

void SchemaTreeModel::addConnection(int connection, const QString &name)
{
    if (findConnection(connection))
        return;
    auto node = std::make_unique<Node>();
    node->kind = NodeKind::Connection;
    node->parent = m_root.get();
    node->connection = connection;
    node->name = name;
    node->row = int(m_root->children.size());
    beginInsertRows({}, node->row, node->row);
    m_root->children.push_back(std::move(node));
    endInsertRows();
}

void SchemaTreeModel::removeConnection(int connection)
{
    Node *node = findConnection(connection);
    if (!node)
        return;
    const int row = node->row;
    beginRemoveRows({}, row, row);
    // The schemas' tables are freed a slice at a time (50,000 tables at once stall the window).
    for (const std::unique_ptr<Node> &schema : node->children)
        releaseInSlices(std::move(schema->tables));
    m_root->children.erase(m_root->children.begin() + row);
    for (size_t i = size_t(row); i < m_root->children.size(); ++i)
        m_root->children[i]->row = int(i);
    m_matches.clear();
    m_marks.remove(connection);
    endRemoveRows();
}

void SchemaTreeModel::setTableMarks(int connection, const core::ContextSettings &marks)
{
    Node *node = findConnection(connection);
    if (!node || m_marks.value(connection) == marks)
        return;
    m_marks.insert(connection, marks);
    // Only the rows shown have nodes; the others read the marks when they are shown.
    for (const std::unique_ptr<Node> &schema : node->children) {
        if (schema->kind != NodeKind::Schema || schema->children.empty())
            continue;
        const Node *first = schema->children.front().get();
        const Node *last = schema->children.back().get();
        Q_EMIT dataChanged(indexOf(first), indexOf(last, TypeColumn));
    }
}

core::TableMark SchemaTreeModel::markOf(const Node *node) const
{
    if (!node || node->kind != NodeKind::Table)
        return core::TableMark::None;
    const auto marks = m_marks.constFind(node->connection);
    return marks == m_marks.cend() ? core::TableMark::None : marks->markOf(node->name);
}

void SchemaTreeModel::resetConnection(int connection)
{
    Node *node = findConnection(connection);
    if (!node)
        return;
    clearChildren(node);
    node->loaded = false;
    node->loading = false;
    m_matches.clear();
    // The view asked for these rows once; it asks again only when told that children may exist.
    Q_EMIT dataChanged(indexOf(node), indexOf(node, TypeColumn));
}

void SchemaTreeModel::setSchemas(int connection, const QStringList &schemas,
                                 const QString &defaultSchema)
{
    Node *parent = findConnection(connection);
    if (!parent)
        return;
    clearChildren(parent);
    parent->loaded = true;
    parent->loading = false;
    if (schemas.isEmpty())
        return;
    std::vector<std::unique_ptr<Node>> children;
    for (const QString &schema : schemas) {
        auto node = std::make_unique<Node>();
        node->kind = NodeKind::Schema;
        node->parent = parent;
        node->row = int(children.size());
        node->connection = connection;
        node->name = schema;
        node->schema = schema;
        node->isDefault = schema == defaultSchema;
        node->loading = node->isDefault; // its tables are on their way already
        children.push_back(std::move(node));
    }
    beginInsertRows(indexOf(parent), 0, int(children.size()) - 1);
    parent->children = std::move(children);
    endInsertRows();
}

void SchemaTreeModel::setTables(int connection, const QString &schema,
                                const QList<core::CatalogTable> &tables)
{
    Node *node = findSchema(connection, schema);
    if (!node)
        return;
    clearChildren(node);
    m_matches.clear();
    node->tables = tables;
    node->loaded = true;
    node->loading = false;
    node->matching = matchingTables(node->tables);
    revealTables(node, BatchSize);
}

void SchemaTreeModel::setLoadFailed(int connection, const QString &schema, const QString &message)
{
    Node *parent = schema.isEmpty() ? findConnection(connection) : findSchema(connection, schema);
    if (parent)
        setMessage(parent, message);
}

void SchemaTreeModel::setNotes(int connection, const core::BusinessNotes &notes)
{
    Node *node = findConnection(connection);
    if (!node)
        return;
    node->notes = notes;
    // Tooltips of every shown table and its columns may change.
    for (const auto &schema : node->children) {
        if (schema->children.empty())
            continue;
        Q_EMIT dataChanged(indexOf(schema->children.front().get()),
                           indexOf(schema->children.back().get(), TypeColumn));
        for (const auto &table : schema->children) {
            const int columns = table->kind == NodeKind::Table ? shownColumnCount(table.get()) : 0;
            if (columns > 0) {
                const QModelIndex parent = indexOf(table.get());
                Q_EMIT dataChanged(index(0, 0, parent), index(columns - 1, TypeColumn, parent));
            }
        }
    }
}

core::BusinessNotes SchemaTreeModel::notes(int connection) const
{
    const Node *node = findConnection(connection);
    return node ? node->notes : core::BusinessNotes();
}

const core::BusinessNote *SchemaTreeModel::noteOf(const Node *node, const QString &table,
                                                  const QString &column) const
{
    while (node && node->kind != NodeKind::Connection)
        node = node->parent;
    return node ? node->notes.find(table, column) : nullptr;
}

QStringList SchemaTreeModel::noteLines(const core::BusinessNote *note) const
{
    if (!note)
        return {};
    QStringList lines;
    if (!note->description.isEmpty())
        lines << tr("Note: %1").arg(note->description);
    if (!note->synonyms.isEmpty())
        lines << tr("Also called: %1").arg(note->synonyms.join(u", "_s));
    if (!note->allowedValues.isEmpty())
        lines << tr("Values: %1").arg(note->allowedValues.join(u", "_s));
    if (!note->formula.isEmpty())
        lines << tr("Formula: %1").arg(note->formula);
    return lines;
}

// Shows up to count more of the schema's matching tables.
void SchemaTreeModel::revealTables(Node *schema, int count)
{
    const int first = int(schema->children.size());
    const int last = std::min(int(schema->matching.size()), first + count) - 1;
    if (last < first)
        return;
    // Whoever watches the insertion (a view, a model tester) may ask canFetchMore() meanwhile.
    m_revealing = true;
    beginInsertRows(indexOf(schema), first, last);
    schema->children.reserve(size_t(last) + 1);
    for (int row = first; row <= last; ++row) {
        auto node = std::make_unique<Node>();
        node->kind = NodeKind::Table;
        node->parent = schema;
        node->row = row;
        node->connection = schema->connection;
        node->schema = schema->name;
        node->table = schema->tables.at(schema->matching[size_t(row)]);
        node->name = node->table.name;
        node->loaded = true;
        if (!m_filter.isEmpty() && !node->name.contains(m_filter, Qt::CaseInsensitive)) {
            node->columns = matchingColumns(node->table);
            node->columnsFiltered = true;
        }
        schema->children.push_back(std::move(node));
    }
    endInsertRows();
    m_revealing = false;
}

const std::vector<bool> &
SchemaTreeModel::matchingStrings(const std::shared_ptr<core::CatalogStrings> &strings) const
{
    for (const auto &[pool, matches] : m_matches) {
        if (pool == strings)
            return matches;
    }
    std::vector<bool> matches(size_t(strings->size()), false);
    const QList<QString> &texts = strings->strings();
    for (qsizetype i = 1; i < texts.size(); ++i)
        matches[size_t(i)] = texts.at(i).contains(m_filter, Qt::CaseInsensitive);
    m_matches.emplace_back(strings, std::move(matches));
    return m_matches.back().second;
}

std::vector<int> SchemaTreeModel::matchingColumns(const core::CatalogTable &table) const
{
    std::vector<int> columns;
    if (table.columns.isEmpty())
        return columns;
    const std::vector<bool> &matches = matchingStrings(table.columns.strings());
    for (qsizetype i = 0; i < table.columns.size(); ++i) {
        if (matches[table.columns.nameId(i)])
            columns.push_back(int(i));
    }
    return columns;
}

std::vector<int> SchemaTreeModel::matchingTables(const QList<core::CatalogTable> &tables) const
{
    std::vector<int> matching;
    if (m_filter.isEmpty()) {
        matching.resize(size_t(tables.size()));
        std::iota(matching.begin(), matching.end(), 0);
        return matching;
    }
    for (qsizetype t = 0; t < tables.size(); ++t) {
        const core::CatalogTable &table = tables.at(t);
        bool match = table.name.contains(m_filter, Qt::CaseInsensitive);
        if (!match && !table.columns.isEmpty()) {
            const std::vector<bool> &matches = matchingStrings(table.columns.strings());
            for (qsizetype c = 0; c < table.columns.size() && !match; ++c)
                match = matches[table.columns.nameId(c)];
        }
        if (match)
            matching.push_back(int(t));
    }
    return matching;
}

void SchemaTreeModel::applyFilter(Node *schema)
{
    std::vector<int> matching = matchingTables(schema->tables);
    clearChildren(schema);
    schema->matching = std::move(matching);
    revealTables(schema, BatchSize);
}

void SchemaTreeModel::setFilter(const QString &text)
{
    const QString filter = text.trimmed();
    if (filter == m_filter)
        return;
    m_filter = filter;
    m_matches.clear();
    for (const auto &connection : m_root->children) {
        for (const auto &schema : connection->children) {
            if (schema->kind == NodeKind::Schema && schema->loaded && !schema->tables.isEmpty())
                applyFilter(schema.get());
        }
    }
    m_matches.clear();
    Q_EMIT filterApplied(m_filter);
}

int SchemaTreeModel::matchingTableCount(int connection, const QString &schema) const
{
    const Node *node = findSchema(connection, schema);
    return node ? int(node->matching.size()) : 0;
}

QModelIndex SchemaTreeModel::connectionIndex(int connection) const
{
    return indexOf(findConnection(connection));
}

QModelIndex SchemaTreeModel::schemaIndex(int connection, const QString &schema) const
{
    return indexOf(findSchema(connection, schema));
}

QModelIndex SchemaTreeModel::tableIndex(int connection, const QString &schema,
                                        const QString &table) const
{
    const Node *parent = findSchema(connection, schema);
    if (!parent || parent->children.empty() || parent->children.front()->kind != NodeKind::Table)
        return {};
    // Tables arrive sorted by name, and the shown rows keep that order.
    const auto &rows = parent->children;
    const auto found = std::lower_bound(
            rows.cbegin(), rows.cend(), table,
            [](const std::unique_ptr<Node> &row, const QString &name) { return row->name < name; });
    if (found != rows.cend() && (*found)->name == table)
        return indexOf(found->get());
    // Delivered in another order (hand-made lists): look at every shown row.
    for (const auto &row : rows) {
        if (row->name == table)
            return indexOf(row.get());
    }
    return {};
}

int SchemaTreeModel::shownColumnCount(const Node *table) const
{
    return table->columnsFiltered ? int(table->columns.size()) : int(table->table.columns.size());
}

qsizetype SchemaTreeModel::columnAt(const Node *table, int row) const
{
    return table->columnsFiltered ? table->columns.at(size_t(row)) : row;
}

QModelIndex SchemaTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (parent.isValid() && parent.column() != 0)
        return {};
    const Node *node = nodeOf(parent);
    if (!node)
        return {}; // columns have no children
    if (node->kind == NodeKind::Table) {
        if (row >= shownColumnCount(node))
            return {};
        return createIndex(row, column, quintptr(node) | ColumnTag);
    }
    if (row >= int(node->children.size()))
        return {};
    return createIndex(row, column, quintptr(node->children[size_t(row)].get()));
}

QModelIndex SchemaTreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    if (const Node *table = columnTableOf(child, nullptr))
        return indexOf(table);
    return indexOf(nodeOf(child)->parent);
}

int SchemaTreeModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    const Node *node = nodeOf(parent);
    if (!node)
        return 0;
    if (node->kind == NodeKind::Table)
        return shownColumnCount(node);
    return int(node->children.size());
}

int SchemaTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

bool SchemaTreeModel::hasChildren(const QModelIndex &parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return false;
    const Node *node = nodeOf(parent);
    if (!node)
        return false;
    if (!node->loaded)
        return node->kind == NodeKind::Connection || node->kind == NodeKind::Schema;
    return rowCount(parent) > 0;
}

bool SchemaTreeModel::canFetchMore(const QModelIndex &parent) const
{
    if (!parent.isValid() || parent.column() != 0)
        return false;
    const Node *node = nodeOf(parent);
    if (!node || (node->kind != NodeKind::Connection && node->kind != NodeKind::Schema))
        return false;
    if (!node->loaded)
        return !node->loading;
    // A loaded schema with more matching tables than rows shown.
    return !m_revealing && node->kind == NodeKind::Schema && !node->matching.empty()
            && node->children.size() < node->matching.size();
}

void SchemaTreeModel::fetchMore(const QModelIndex &parent)
{
    if (!canFetchMore(parent))
        return;
    Node *node = nodeOf(parent);
    if (node->loaded) {
        revealTables(node, BatchSize);
        return;
    }
    node->loading = true;
    if (node->kind == NodeKind::Connection)
        Q_EMIT schemasRequested(node->connection);
    else
        Q_EMIT tablesRequested(node->connection, node->name);
}

QString SchemaTreeModel::foreignKeyOf(const core::CatalogTable &table, const QString &column) const
{
    for (const core::CatalogForeignKey &key : table.foreignKeys) {
        const qsizetype at = key.columns.indexOf(column);
        if (at < 0)
            continue;
        const QString target = key.referencedColumns.value(at);
        return target.isEmpty() ? key.referencedTable : u"%1.%2"_s.arg(key.referencedTable, target);
    }
    return {};
}

QVariant SchemaTreeModel::columnData(const Node *table, qsizetype at, int role) const
{
    const core::CatalogColumns &columns = table->table.columns;
    switch (role) {
    case KindRole:
    case NameRole:
    case Qt::ToolTipRole:
    case Qt::DecorationRole:
    case ConnectionRole:
    case SchemaRole:
    case TableRole:
    case QualifiedNameRole:
    case CommentRole:
    case NoteRole:
        break;
    default:
        return {};
    }
    const core::CatalogColumn column = columns.at(at);
    const core::BusinessNote *note = noteOf(table, table->name, column.name);
    switch (role) {
    case Qt::ToolTipRole: {
        QStringList lines = {tr("%1: %2").arg(column.name, column.type)};
        if (column.isPrimaryKey())
            lines << tr("Primary key (position %1)").arg(column.primaryKeyPosition);
        const QString target = foreignKeyOf(table->table, column.name);
        if (!target.isEmpty())
            lines << tr("References %1").arg(target);
        const QStringList noted = noteLines(note);
        // The note's description stands in for the comment; the comment stays visible as such.
        if (!column.comment.isEmpty())
            lines << (noted.isEmpty() ? column.comment : tr("Comment: %1").arg(column.comment));
        lines << noted;
        return lines.join(u'\n');
    }
    case CommentRole:
        return column.comment;
    case NoteRole:
        return core::noteSummary(note, column.comment);
    case Qt::DecorationRole:
        if (column.isPrimaryKey())
            return icons().key;
        if (!foreignKeyOf(table->table, column.name).isEmpty())
            return icons().foreignKey;
        return {};
    case KindRole:
        return int(NodeKind::Column);
    case NameRole:
        return column.name;
    case ConnectionRole:
        return table->connection;
    case SchemaRole:
        return table->schema;
    case TableRole:
        return table->name;
    case QualifiedNameRole:
        return u"%1.%2"_s.arg(table->name, column.name);
    }
    return {};
}

QVariant SchemaTreeModel::nodeData(const Node *node, int column, int role) const
{
    switch (role) {
    case Qt::ToolTipRole: {
        if (node->kind != NodeKind::Table)
            return node->name;
        QStringList lines = {tr("%1.%2").arg(node->schema, node->name)};
        const QStringList noted = noteLines(noteOf(node, node->name, {}));
        if (!node->table.comment.isEmpty())
            lines << (noted.isEmpty() ? node->table.comment
                                      : tr("Comment: %1").arg(node->table.comment));
        lines << noted;
        if (markOf(node) == core::TableMark::Pinned)
            lines << tr("Pinned: always given to the model");
        else if (markOf(node) == core::TableMark::Excluded)
            lines << tr("Excluded: never given to the model, nor read by a repair");
        return lines.join(u'\n');
    }
    case Qt::FontRole: {
        const core::TableMark mark = markOf(node);
        if (column != NameColumn || mark == core::TableMark::None)
            return {};
        QFont font;
        font.setBold(mark == core::TableMark::Pinned);
        font.setStrikeOut(mark == core::TableMark::Excluded);
        return font;
    }
    case MarkRole:
        return node->kind == NodeKind::Table ? QVariant(int(markOf(node))) : QVariant();
    case CommentRole:
        return node->kind == NodeKind::Table ? QVariant(node->table.comment) : QVariant();
    case NoteRole:
        return node->kind == NodeKind::Table
                ? QVariant(core::noteSummary(noteOf(node, node->name, {}), node->table.comment))
                : QVariant();
    case Qt::DecorationRole:
        if (column != NameColumn)
            return {};
        switch (node->kind) {
        case NodeKind::Connection:
            return icons().connection;
        case NodeKind::Schema:
            return icons().schema;
        case NodeKind::Table:
            return icons().table;
        case NodeKind::Message:
            return icons().message;
        case NodeKind::Column:
            break;
        }
        return {};
    case KindRole:
        return int(node->kind);
    case NameRole:
        return node->name;
    case ConnectionRole:
        return node->connection;
    case SchemaRole:
        return node->schema;
    case TableRole:
        return node->kind == NodeKind::Table ? QVariant(node->name) : QVariant();
    case QualifiedNameRole:
        if (node->kind == NodeKind::Table)
            return u"%1.%2"_s.arg(node->schema, node->name);
        return node->name;
    case ColumnsFilteredRole:
        return node->kind == NodeKind::Table ? QVariant(node->columnsFiltered) : QVariant();
    default:
        return {};
    }
}

QVariant SchemaTreeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.model() != this)
        return {};
    qsizetype columnPosition = 0;
    const Node *table = columnTableOf(index, &columnPosition);
    // Icons come from the widget style, which exists only in a QApplication.
    if (role == Qt::DecorationRole
        && (index.column() != NameColumn
            || !qobject_cast<QApplication *>(QCoreApplication::instance())))
        return {};
    if (role == Qt::DisplayRole || role == Qt::AccessibleTextRole) {
        QString name;
        QString type;
        if (table) {
            const core::CatalogColumns &columns = table->table.columns;
            name = columns.name(columnPosition);
            const bool nullable = columns.isNullable(columnPosition);
            type = nullable ? columns.type(columnPosition)
                            : tr("%1 not null").arg(columns.type(columnPosition));
        } else {
            const Node *node = nodeOf(index);
            name = node->name;
            switch (node->kind) {
            case NodeKind::Table:
                if (node->table.isView())
                    type = tr("view");
                else if (node->table.rowEstimate >= 0)
                    type = tr("≈ %n row(s)", nullptr,
                              int(qMin<qint64>(node->table.rowEstimate, INT_MAX)));
                else
                    type = tr("table");
                if (markOf(node) == core::TableMark::Pinned)
                    type = tr("%1 \u00b7 pinned").arg(type);
                else if (markOf(node) == core::TableMark::Excluded)
                    type = tr("%1 \u00b7 excluded").arg(type);
                break;
            case NodeKind::Schema:
                type = node->isDefault ? tr("default") : QString();
                break;
            case NodeKind::Connection:
            case NodeKind::Column:
            case NodeKind::Message:
                break;
            }
        }
        if (role == Qt::AccessibleTextRole)
            return tr("%1 %2").arg(name, type);
        return index.column() == NameColumn ? name : type;
    }
    if (table)
        return columnData(table, columnPosition, role);
    return nodeData(nodeOf(index), index.column(), role);
}

QVariant SchemaTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Name");
    case TypeColumn:
        return tr("Type");
    default:
        return {};
    }
}

Qt::ItemFlags SchemaTreeModel::flags(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != this)
        return Qt::NoItemFlags;
    Qt::ItemFlags result = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    const Node *node = nodeOf(index);
    if (!node || (node->loaded && rowCount(index.siblingAtColumn(0)) == 0 && !canFetchMore(index)))
        result |= Qt::ItemNeverHasChildren;
    return result;
}

} // namespace sqlmend::ui
