#include "core/exec/resultmodel.h"

#include <QDataStream>
#include <QIODevice>

#include <cstring>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// Rows per block: small enough that growing a block never copies much, large enough that the
// per-block overhead vanishes.
constexpr qint64 BlockRows = 4096;
// Longer text is shortened in DisplayRole only; ValueRole and EditRole give it whole.
constexpr qsizetype DisplayLimit = 1000;

enum Tag : char {
    NullTag,
    IntTag,
    RealTag,
    TextTag,
    BytesTag,
    TrueTag,
    FalseTag,
    OtherTag, // any other type, through QDataStream
};

template<typename T>
void appendRaw(QByteArray &out, T value)
{
    out.append(reinterpret_cast<const char *>(&value), sizeof value);
}

template<typename T>
T readRaw(const char *p)
{
    T value;
    std::memcpy(&value, p, sizeof value);
    return value;
}

void appendSized(QByteArray &out, Tag tag, const char *data, qsizetype size)
{
    out.append(tag);
    appendRaw(out, quint32(size));
    out.append(data, size);
}

void encodeCell(QByteArray &out, const QVariant &value)
{
    if (!value.isValid() || value.isNull()) {
        out.append(NullTag);
        return;
    }
    switch (value.typeId()) {
    case QMetaType::LongLong:
    case QMetaType::Int:
    case QMetaType::Short:
    case QMetaType::Long:
    case QMetaType::UInt:
    case QMetaType::UShort:
        out.append(IntTag);
        appendRaw(out, value.toLongLong());
        return;
    case QMetaType::Double:
    case QMetaType::Float:
        out.append(RealTag);
        appendRaw(out, value.toDouble());
        return;
    case QMetaType::QString: {
        const QByteArray utf8 = static_cast<const QString *>(value.constData())->toUtf8();
        appendSized(out, TextTag, utf8.constData(), utf8.size());
        return;
    }
    case QMetaType::QByteArray: {
        const QByteArray *bytes = static_cast<const QByteArray *>(value.constData());
        appendSized(out, BytesTag, bytes->constData(), bytes->size());
        return;
    }
    case QMetaType::Bool:
        out.append(value.toBool() ? TrueTag : FalseTag);
        return;
    default: {
        QByteArray streamed;
        QDataStream stream(&streamed, QIODevice::WriteOnly);
        stream << value;
        appendSized(out, OtherTag, streamed.constData(), streamed.size());
        return;
    }
    }
}

const char *skipCell(const char *p)
{
    switch (*p) {
    case IntTag:
    case RealTag:
        return p + 1 + 8;
    case TextTag:
    case BytesTag:
    case OtherTag:
        return p + 1 + 4 + readRaw<quint32>(p + 1);
    default:
        return p + 1;
    }
}

QVariant decodeCell(const char *p)
{
    switch (*p) {
    case IntTag:
        return readRaw<qlonglong>(p + 1);
    case RealTag:
        return readRaw<double>(p + 1);
    case TextTag:
        return QString::fromUtf8(p + 5, readRaw<quint32>(p + 1));
    case BytesTag:
        return QByteArray(p + 5, readRaw<quint32>(p + 1));
    case TrueTag:
        return true;
    case FalseTag:
        return false;
    case OtherTag: {
        QByteArray streamed = QByteArray::fromRawData(p + 5, readRaw<quint32>(p + 1));
        QDataStream stream(streamed);
        QVariant value;
        stream >> value;
        return value;
    }
    default:
        return {};
    }
}

bool isNumber(const QVariant &value)
{
    switch (value.typeId()) {
    case QMetaType::LongLong:
    case QMetaType::Double:
        return true;
    default:
        return false;
    }
}

} // namespace

ResultModel::ResultModel(QObject *parent) : QAbstractTableModel(parent) { }

ResultModel::~ResultModel() = default;

void ResultModel::setPreviewCap(qint64 rows, qint64 bytes)
{
    m_rowCap = rows > 0 ? rows : 0;
    m_byteCap = bytes > 0 ? bytes : 0;
}

void ResultModel::start(quint64 generation, const QStringList &columns,
                        const QStringList &columnTypes)
{
    beginResetModel();
    m_generation = generation;
    m_columns = columns;
    m_columnTypes = columnTypes;
    m_blocks.clear();
    m_received = 0;
    m_visible = 0;
    m_dropped = 0;
    m_storedBytes = 0;
    endResetModel();
    setStatus(RowCountStatus::Unknown);
}

void ResultModel::clear()
{
    // A generation no executor hands out: every batch on its way is stale.
    start(m_generation + (quint64(1) << 62));
}

void ResultModel::setStatus(RowCountStatus status)
{
    if (m_status == status)
        return;
    m_status = status;
    Q_EMIT rowCountStatusChanged(status);
}

void ResultModel::setColumns(const QStringList &columns)
{
    if (columns.isEmpty() || !m_columns.isEmpty())
        return;
    // Only reached before the first row is kept, so no row changes shape.
    beginInsertColumns({}, 0, int(columns.size()) - 1);
    m_columns = columns;
    endInsertColumns();
}

void ResultModel::encodeRow(const QVariantList &row)
{
    if (m_blocks.isEmpty() || m_blocks.last().rowStarts.size() >= BlockRows) {
        m_blocks.append(Block());
        m_blocks.last().rowStarts.reserve(BlockRows);
    }
    Block &block = m_blocks.last();
    const qsizetype before = block.cells.size();
    block.rowStarts.append(quint32(before));
    for (qsizetype i = 0; i < m_columns.size(); ++i)
        encodeCell(block.cells, i < row.size() ? row.at(i) : QVariant());
    m_storedBytes += block.cells.size() - before + qsizetype(sizeof(quint32));
    ++m_received;
}

bool ResultModel::appendBatch(const ResultBatch &batch)
{
    if (batch.generation != m_generation)
        return false;
    setColumns(batch.columns);
    for (const QVariantList &row : batch.rows) {
        if (m_received >= m_rowCap || m_storedBytes >= m_byteCap) {
            ++m_dropped;
            continue;
        }
        encodeRow(row);
    }
    // Blocks grow by doubling; give back the slack of a block that is full.
    if (!m_blocks.isEmpty() && m_blocks.last().rowStarts.size() >= BlockRows)
        m_blocks.last().cells.squeeze();
    if (m_visible < m_fetchChunk)
        exposeRows(m_fetchChunk - m_visible);
    Q_EMIT rowsReceived(m_received);
    if (m_dropped > 0)
        setStatus(RowCountStatus::Partial);
    else if (batch.last)
        setStatus(RowCountStatus::Complete);
    return true;
}

bool ResultModel::finish(quint64 generation, RowCountStatus status)
{
    if (generation != m_generation)
        return false;
    setStatus(m_dropped > 0 ? RowCountStatus::Partial : status);
    return true;
}

void ResultModel::exposeRows(qint64 count)
{
    const qint64 target = std::min(m_received, m_visible + count);
    if (m_inserting || target <= m_visible || target > std::numeric_limits<int>::max())
        return;
    // Views and testers may ask for more from inside the insertion signals: not twice at once.
    m_inserting = true;
    beginInsertRows({}, int(m_visible), int(target - 1));
    m_visible = target;
    endInsertRows();
    m_inserting = false;
}

const char *ResultModel::cellAt(qint64 row, int column) const
{
    const Block &block = m_blocks.at(row / BlockRows);
    const char *p = block.cells.constData() + block.rowStarts.at(row % BlockRows);
    for (int i = 0; i < column; ++i)
        p = skipCell(p);
    return p;
}

QVariant ResultModel::value(qint64 row, int column) const
{
    if (row < 0 || row >= m_received || column < 0 || column >= m_columns.size())
        return {};
    return decodeCell(cellAt(row, column));
}

int ResultModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_visible);
}

int ResultModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

QVariant ResultModel::displayValue(const QVariant &value) const
{
    if (!value.isValid())
        return u"NULL"_s;
    switch (value.typeId()) {
    case QMetaType::QByteArray:
        return tr("BLOB (%n byte(s))", nullptr, int(value.toByteArray().size()));
    case QMetaType::QString: {
        const QString text = value.toString();
        if (text.size() <= DisplayLimit)
            return text;
        return QString(text.left(DisplayLimit) + u'\u2026');
    }
    default:
        return value;
    }
}

QVariant ResultModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    switch (role) {
    case Qt::DisplayRole:
        return displayValue(value(index.row(), index.column()));
    case Qt::EditRole:
    case ValueRole:
        return value(index.row(), index.column());
    case IsNullRole:
        return *cellAt(index.row(), index.column()) == NullTag;
    case Qt::ToolTipRole: {
        const QVariant cell = value(index.row(), index.column());
        if (cell.typeId() == QMetaType::QString && cell.toString().size() > DisplayLimit)
            return cell.toString().left(DisplayLimit * 4);
        return {};
    }
    case Qt::TextAlignmentRole:
        if (isNumber(value(index.row(), index.column())))
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        return {};
    default:
        return {};
    }
}

QVariant ResultModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal) {
        if (section < 0 || section >= m_columns.size())
            return {};
        switch (role) {
        case Qt::DisplayRole:
            return m_columns.at(section);
        case Qt::ToolTipRole:
            return m_columnTypes.value(section);
        default:
            return {};
        }
    }
    if (section < 0 || section >= m_visible)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        return section + 1;
    default:
        return {};
    }
}

RowSource ResultModel::rowSource(const QList<qint64> &order) const
{
    RowSource source;
    source.columns = m_columns;
    for (const QString &type : m_columnTypes)
        source.types.append(QMetaType::fromName(type.toLatin1()));
    source.count = order.isEmpty() ? m_received : order.size();
    // Copies share the blocks' bytes; a block the model goes on filling detaches from this one.
    source.row = [blocks = m_blocks, columns = int(m_columns.size()), order,
                  received = m_received](qint64 index) {
        const qint64 row = order.isEmpty() ? index : order.value(index, -1);
        QVariantList values;
        if (row < 0 || row >= received)
            return values;
        const Block &block = blocks.at(row / BlockRows);
        const char *p = block.cells.constData() + block.rowStarts.at(row % BlockRows);
        values.reserve(columns);
        for (int i = 0; i < columns; ++i) {
            values.append(decodeCell(p));
            p = skipCell(p);
        }
        return values;
    };
    return source;
}

void ResultModel::exposeAll()
{
    exposeRows(m_received - m_visible);
}

bool ResultModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && !m_inserting && m_visible < m_received;
}

void ResultModel::fetchMore(const QModelIndex &parent)
{
    if (parent.isValid())
        return;
    exposeRows(m_fetchChunk);
}

QHash<int, QByteArray> ResultModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractTableModel::roleNames();
    names.insert(ValueRole, "value");
    names.insert(IsNullRole, "isNull");
    return names;
}

} // namespace sqlmend::core
